/**
 * The RFC (Registro Federal de Contribuyentes) as the SAT shapes it: a
 * persona física's has 13 characters (4 letters of the name, the birth date
 * YYMMDD, a 3-character homoclave), a persona moral's 12 (3 letters, the
 * date of incorporation, the homoclave). The homoclave's last character is a
 * check digit over the other twelve.
 */

export type PersonType = 'fisica' | 'moral'

/** The RFCs of the global invoice: the general public, and foreigners. No diner's own invoice can use them. */
export const GENERIC_RFCS = { publico: 'XAXX010101000', extranjero: 'XEXX010101000' } as const

const SHAPE = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([A\d])$/

type RfcCheck =
  | { ok: true; rfc: string; person: PersonType; checkDigitMatches: boolean }
  | { ok: false; reason: 'shape' | 'date' | 'generic' }

/** The RFC as typed, as the SAT writes it: capitals, no spaces or dashes. */
export const normalizeRfc = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '')

const isDate = (yy: number, month: number, day: number) =>
  [1900 + yy, 2000 + yy].some((year) => {
    const date = new Date(Date.UTC(year, month - 1, day))
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  })

/** Each character's value in the check digit's sum. */
const VALUES = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ'

/**
 * The check digit the SAT's algorithm gives the first twelve characters (a
 * moral's eleven, after a space): each character's value times its weight
 * (13 down to 2), the sum taken modulo 11.
 */
export function rfcCheckDigit(rfc: string): string {
  const body = (rfc.length === 12 ? ` ${rfc}` : rfc).slice(0, 12)
  const sum = [...body].reduce((total, char, index) => total + Math.max(0, VALUES.indexOf(char)) * (13 - index), 0)
  const digit = 11 - (sum % 11)
  return digit === 11 ? '0' : digit === 10 ? 'A' : String(digit)
}

/**
 * Checks a typed RFC: its shape, a real date, not a generic RFC. A wrong
 * check digit is reported, not refused: some RFCs the SAT issued fail it,
 * so the diner may confirm theirs.
 */
export function checkRfc(typed: string): RfcCheck {
  const rfc = normalizeRfc(typed)
  if ((Object.values(GENERIC_RFCS) as string[]).includes(rfc)) return { ok: false, reason: 'generic' }
  const match = SHAPE.exec(rfc)
  if (!match) return { ok: false, reason: 'shape' }
  const [, letters = '', yy, month, day] = match
  if (!isDate(Number(yy), Number(month), Number(day))) return { ok: false, reason: 'date' }
  return {
    ok: true,
    rfc,
    person: letters.length === 4 ? 'fisica' : 'moral',
    checkDigitMatches: rfcCheckDigit(rfc) === rfc.at(-1),
  }
}
