/**
 * Reading a Web Push message as the browser does: RFC 8291's keys from the
 * browser's private key and auth secret, then RFC 8188's aes128gcm records.
 * Written from the RFCs with Web Crypto alone, apart from the library the
 * Worker encrypts with, so a message only reads back if both follow them.
 */

/** The browser's side of a subscription: its ECDH P-256 key pair (public as the 65-byte point) and auth secret. */
interface BrowserKeys {
  privateKey: CryptoKey
  publicKey: Uint8Array<ArrayBuffer>
  authSecret: Uint8Array<ArrayBuffer>
}

const text = (value: string) => new TextEncoder().encode(value)
const concat = (...parts: Uint8Array[]) => {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.byteLength, 0))
  let at = 0
  for (const part of parts) {
    whole.set(part, at)
    at += part.byteLength
  }
  return whole
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: BufferSource, info: Uint8Array<ArrayBuffer>, bytes: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits'])
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8))
}

/** The record's nonce: the base nonce XOR its sequence number, big-endian in the last bytes (RFC 8188 §2.3). */
function nonceOf(base: Uint8Array<ArrayBuffer>, sequence: number) {
  const nonce = base.slice()
  for (let at = nonce.length - 1, rest = sequence; rest > 0; at -= 1, rest = Math.floor(rest / 256))
    nonce[at]! ^= rest % 256
  return nonce
}

/** The plaintext of an `aes128gcm` message for the browser holding `keys`; throws on anything RFC 8291 or 8188 would not take. */
export async function decryptPush(message: Uint8Array<ArrayBuffer>, keys: BrowserKeys): Promise<Uint8Array> {
  // The header (RFC 8188 §2.1): salt, record size, and the key id, which Web Push makes the sender's public key (RFC 8291 §4).
  const salt = message.slice(0, 16)
  const recordSize = new DataView(message.buffer, message.byteOffset + 16, 4).getUint32(0)
  const idLength = message[20]!
  if (idLength !== 65) throw new Error(`The key id is ${idLength} bytes, not a P-256 public key's 65`)
  const senderKey = message.slice(21, 21 + idLength)
  if (senderKey[0] !== 0x04) throw new Error('The key id is not an uncompressed P-256 point')
  if (recordSize < 18) throw new Error(`The record size ${recordSize} leaves no room for a record`)
  const sender = await crypto.subtle.importKey('raw', senderKey, { name: 'ECDH', namedCurve: 'P-256' }, false, [])
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: sender }, keys.privateKey, 256)
  // RFC 8291 §3.3–3.4: the input keying material from the shared secret and the auth secret, bound to both public keys.
  const ikm = await hkdf(keys.authSecret, shared, concat(text('WebPush: info\0'), keys.publicKey, senderKey), 32)
  const cek = await crypto.subtle.importKey(
    'raw',
    await hkdf(salt, ikm, text('Content-Encoding: aes128gcm\0'), 16),
    'AES-GCM',
    false,
    ['decrypt'],
  )
  const baseNonce = await hkdf(salt, ikm, text('Content-Encoding: nonce\0'), 12)
  const ciphertext = message.slice(21 + idLength)
  const records: Uint8Array[] = []
  for (let at = 0, sequence = 0; at < ciphertext.byteLength; at += recordSize, sequence += 1) {
    const sealed = ciphertext.slice(at, at + recordSize)
    const last = at + recordSize >= ciphertext.byteLength
    const padded = new Uint8Array(
      await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonceOf(baseNonce, sequence) }, cek, sealed),
    )
    // Each record ends in its delimiter (2 for the last, 1 before it) and any zero padding after it.
    let end = padded.byteLength - 1
    while (end >= 0 && padded[end] === 0) end -= 1
    if (padded[end] !== (last ? 2 : 1)) throw new Error(`Record ${sequence} has no ${last ? 'last ' : ''}delimiter`)
    records.push(padded.slice(0, end))
  }
  if (records.length === 0) throw new Error('The message has no record')
  return concat(...records)
}
