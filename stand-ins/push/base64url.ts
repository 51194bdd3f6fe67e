/** base64url without padding (RFC 4648 §5), as Web Push writes keys, tokens and signatures. */
export function toBase64Url(bytes: Uint8Array | ArrayBuffer): string {
  let binary = ''
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** The bytes of a base64url text; anything else (standard base64's + and /, padding, spaces) throws. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('Not base64url')
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/')
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (char) => char.charCodeAt(0))
}
