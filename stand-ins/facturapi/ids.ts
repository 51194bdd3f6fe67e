/** Facturapi's ids are MongoDB ObjectIds: 24 hex digits, the first 8 the creation second. */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0')
  return seconds + hex(8)
}

/** A receipt's `key`: short, alphanumeric, unguessable, for the self-invoicing portal's address. */
export function receiptKey(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
  return [...crypto.getRandomValues(new Uint8Array(8))].map((byte) => alphabet[byte % alphabet.length]).join('')
}

/** A fiscal folio (UUID) as SAT's stamp gives it: upper case. */
export const fiscalUuid = () => crypto.randomUUID().toUpperCase()

export function hex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}
