import { isIdLike } from './schemas/fields'

/**
 * A table's short code: what a person types when the QR code will not scan
 * (printed under it as `K7MQ-4XPD`). Eight symbols of Crockford's base32, the
 * digits and the capitals without I, L, O and U: of the pairs most often
 * misread (0 and O, 1 and I or L) only the digit is in it, so those letters
 * are read back as the digit they look like; U is left out so that no code
 * spells a word by accident. 40 random bits: every restaurant's codes
 * together fill a vanishing part of them, and lookups are rate limited per
 * address (lookupTableCode), so trying codes finds next to nothing.
 *
 * Stored and compared in its canonical form (`K7MQ4XPD`, no dash); shown with
 * the dash between its halves.
 */
export const TABLE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const TABLE_CODE_LENGTH = 8

const CANONICAL = new RegExp(`^[${TABLE_CODE_ALPHABET}]{${TABLE_CODE_LENGTH}}$`)
/** What a person may put between the symbols: spaces and any kind of dash (a phone's keyboard may turn '-' into '–'). */
const SEPARATORS = /[\s\u002D\u2010-\u2015\u2212]/g
/** Letters outside the alphabet that can only have meant a digit. */
const LOOKALIKES: Record<string, string> = { O: '0', I: '1', L: '1' }

/**
 * A code from `TABLE_CODE_LENGTH` random bytes, one symbol per byte: its low
 * five bits, so every symbol is equally likely (256 is a multiple of 32).
 */
export function tableCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < TABLE_CODE_LENGTH) throw new RangeError(`a table code needs ${TABLE_CODE_LENGTH} random bytes`)
  return Array.from(bytes.subarray(0, TABLE_CODE_LENGTH), (byte) => TABLE_CODE_ALPHABET[byte & 31]).join('')
}

/**
 * What a person typed, as the canonical code it can only mean (trimmed,
 * upper-cased, without spaces or dashes, look-alike letters read as digits);
 * null when it is not a table code at all.
 */
export function normalizeTableCode(typed: string): string | null {
  const symbols = typed
    .toUpperCase()
    .replace(SEPARATORS, '')
    .replace(/[OIL]/g, (letter) => LOOKALIKES[letter] ?? letter)
  return CANONICAL.test(symbols) ? symbols : null
}

/**
 * The code an address names (`/api/tables/session/K7MQ-4XPD`), or null. Only
 * its two forms count there, halves apart or together: a bill's own id that
 * happens to be eight symbols and a dash elsewhere (`pay1000-s`) stays a bill id.
 */
export function tableCodeInPath(segment: string): string | null {
  return /^[0-9a-z]{4}[\s\u002D\u2010-\u2015\u2212]?[0-9a-z]{4}$/i.test(segment.trim())
    ? normalizeTableCode(segment)
    : null
}

/** A canonical code as printed and shown: `K7MQ-4XPD`. */
export function formatTableCode(code: string): string {
  const half = TABLE_CODE_LENGTH / 2
  return `${code.slice(0, half)}-${code.slice(half)}`
}

/**
 * What the code box of `/customer` was given: a short code, the long id in a
 * table's QR (still accepted, as printed before short codes), or neither.
 * Long ids are never eight symbols (43 characters, or `demo…`), so the two
 * cannot be mistaken for each other.
 */
type TableCodeInput = { kind: 'short'; code: string } | { kind: 'session'; sessionId: string } | { kind: 'invalid' }

export function readTableCodeInput(typed: string): TableCodeInput {
  const trimmed = typed.trim()
  const code = normalizeTableCode(trimmed)
  if (code) return { kind: 'short', code }
  return isIdLike(trimmed) ? { kind: 'session', sessionId: trimmed } : { kind: 'invalid' }
}
