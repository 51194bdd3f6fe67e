import { sha256Hex } from '../crypto.server'

/** A random, unguessable token (256 bits, base64url) for cookies and links. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** What the database keeps of a token: its SHA-256, so a leaked table cannot sign anyone in. */
export function hashToken(token: string): Promise<string> {
  return sha256Hex(token)
}
