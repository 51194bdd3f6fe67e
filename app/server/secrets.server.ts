import { appEnv } from './env.server'

/**
 * A restaurant's own secrets (its Facturapi key) kept in D1 sealed with
 * AES-256-GCM under SECRETS_KEY, a Worker secret: a copy of the database
 * alone opens none of them. A sealed value is base64 of a fresh 12-byte IV
 * and the ciphertext, bound to what it is (`purpose`), so one restaurant's
 * sealed key cannot be passed off as another's.
 */

const IV_BYTES = 12

async function keyOf(env: Env): Promise<CryptoKey> {
  const secret = appEnv(env).SECRETS_KEY
  if (!secret) throw new Error('SECRETS_KEY is not set: a secret cannot be sealed or opened')
  const raw = Uint8Array.from(atob(secret), (char) => char.charCodeAt(0))
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt'])
}

const bytesToBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

export async function sealSecret(env: Env, plaintext: string, purpose: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(purpose) },
    await keyOf(env),
    new TextEncoder().encode(plaintext),
  )
  return bytesToBase64(new Uint8Array([...iv, ...new Uint8Array(sealed)]))
}

/** The secret sealed for `purpose`; throws when it was sealed for another, or under another key. */
export async function openSecret(env: Env, sealed: string, purpose: string): Promise<string> {
  const bytes = Uint8Array.from(atob(sealed), (char) => char.charCodeAt(0))
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: new TextEncoder().encode(purpose) },
    await keyOf(env),
    bytes.slice(IV_BYTES),
  )
  return new TextDecoder().decode(plain)
}
