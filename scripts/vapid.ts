/** base64url without padding, as VAPID and browsers write keys. */
const base64Url = (bytes: ArrayBuffer) =>
  Buffer.from(bytes).toString('base64').replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')

/**
 * A new VAPID key pair (RFC 8292): an ECDSA P-256 key, its public half as the
 * 65-byte uncompressed point browsers subscribe with, its private half as the
 * 32-byte scalar (the JWK's `d`) the Worker signs with.
 */
export async function newVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])
  const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey)
  if (!d) throw new Error('The private key was exported without its scalar')
  return { publicKey: base64Url(await crypto.subtle.exportKey('raw', pair.publicKey)), privateKey: d }
}
