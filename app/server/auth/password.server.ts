import { toHex } from '../crypto.server'

/**
 * PBKDF2-SHA256 through WebCrypto. 100,000 iterations is the most the Workers
 * runtime allows; the count is stored with each hash so it can be raised later.
 */
export const PASSWORD_ALGORITHM = 'pbkdf2-sha256'
const PASSWORD_ITERATIONS = 100_000
const KEY_BITS = 256

interface PasswordHash {
  hash: string
  salt: string
  algorithm: typeof PASSWORD_ALGORITHM
  iterations: number
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, KEY_BITS)
  return new Uint8Array(bits)
}

export async function hashPassword(password: string, iterations = PASSWORD_ITERATIONS): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const hash = await derive(password, salt, iterations)
  return { hash: toHex(hash), salt: toHex(salt), algorithm: PASSWORD_ALGORITHM, iterations }
}

/** Constant-time comparison of the derived key with the stored one. */
export async function verifyPassword(
  password: string,
  stored: Omit<PasswordHash, 'algorithm'> & { algorithm: string },
): Promise<boolean> {
  if (stored.algorithm !== PASSWORD_ALGORITHM) return false
  const actual = await derive(password, fromHex(stored.salt), stored.iterations)
  const expected = fromHex(stored.hash)
  if (actual.length !== expected.length) return false
  let difference = 0
  for (let i = 0; i < actual.length; i++) difference |= (actual[i] ?? 0) ^ (expected[i] ?? 0)
  return difference === 0
}
