import { sha256Hex } from '../crypto.server'

/** What the database keeps of a token: its SHA-256, so a leaked table cannot sign anyone in. */
export function hashToken(token: string): Promise<string> {
  return sha256Hex(token)
}
