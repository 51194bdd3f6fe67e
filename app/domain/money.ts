/**
 * Money is integer cents everywhere inside Mesa. These are the only places
 * where pesos (the bill-side wire format) and cents meet.
 */
export type Cents = number

export const CENTS_PER_PESO = 100
/** The largest single amount we accept: $1,000,000.00 MXN. */
export const MAX_CENTS = 100_000_000

/**
 * Converts decimal pesos to cents, or returns null when the number is not an
 * amount of money (NaN, infinite, or finer than a cent).
 */
export function pesosToCents(pesos: number): Cents | null {
  if (!Number.isFinite(pesos)) return null
  const cents = Math.round(pesos * CENTS_PER_PESO)
  // Float noise (0.1 + 0.2) is far below a millionth of a cent for any amount we allow; a third decimal place is not.
  if (Math.abs(pesos * CENTS_PER_PESO - cents) > 1e-6) return null
  return cents === 0 ? 0 : cents
}

/**
 * Pesos another service computed (a factura's total), to the nearest cent:
 * its floating-point sums may carry noise past the second decimal, which
 * `pesosToCents` would refuse as not an amount.
 */
export function nearestCents(pesos: number): Cents {
  return Math.round(pesos * CENTS_PER_PESO)
}

/** Cents to decimal pesos for the wire; exact for every integer cent amount we allow. */
export function centsToPesos(cents: Cents): number {
  return cents / CENTS_PER_PESO
}

/**
 * Cents as a plain decimal with two places, by integer arithmetic: a form
 * field's value, a URL parameter, a spreadsheet cell. 123450 → "1234.50",
 * -1200 → "-12.00"; no thousands separator, no currency sign.
 */
export function decimalPesos(cents: Cents): string {
  const whole = Math.abs(cents)
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / CENTS_PER_PESO)}.${String(whole % CENTS_PER_PESO).padStart(2, '0')}`
}

/** Parses what a person typed ("1,234.5", "$ 80", "80.00") into cents. */
export function parsePesosInput(input: string): Cents | null {
  const cleaned = input.replace(/[\s$,]/g, '')
  if (!/^-?\d+(\.\d{0,2})?$|^-?\.\d{1,2}$/.test(cleaned)) return null
  return pesosToCents(Number(cleaned))
}

const pesoFormat = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/**
 * Cents as a person reads pesos, the one text of an amount on every screen
 * and in every message: 123450 → "$1,234.50". Mexican pesos are written the
 * Mexican way in either language (an English reader in Mexico reads "$" as
 * pesos, and "MX$" would differ from the menu and the bill).
 */
export function formatMoney(cents: Cents): string {
  return pesoFormat.format(centsToPesos(cents))
}

const shortPesoFormat = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
})

/** Pesos in a few characters ("$1.2 k"), where a chart's label has no room for the cents; the figure itself is said in full beside it. */
export function formatMoneyShort(cents: Cents): string {
  return shortPesoFormat.format(centsToPesos(cents))
}

/** Sum of a list of cent amounts. */
export function sumCents(amounts: readonly Cents[]): Cents {
  let total = 0
  for (const amount of amounts) total += amount
  return total
}
