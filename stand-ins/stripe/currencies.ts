import { invalidParameter } from './errors'

/**
 * Stripe's minimum charge for each currency that has one of its own, in the
 * currency's smallest unit (docs.stripe.com/currencies, "Minimum and maximum
 * charge amounts"): MX$10.00 is 1000 centavos. The stand-in takes only these
 * currencies; Mesa charges in pesos.
 */
const MINIMUM_CHARGE: Record<string, number> = {
  usd: 50,
  aed: 200,
  aud: 50,
  bgn: 100,
  brl: 50,
  cad: 50,
  chf: 50,
  czk: 1500,
  dkk: 250,
  eur: 50,
  gbp: 30,
  hkd: 400,
  huf: 17500,
  inr: 50,
  jpy: 50,
  mxn: 1000,
  myr: 200,
  nok: 300,
  nzd: 50,
  pln: 200,
  ron: 200,
  sek: 300,
  sgd: 50,
  thb: 1000,
}

/** Stripe's amounts have at most eight digits. */
const MAXIMUM_CHARGE = 99_999_999

const ZERO_DECIMAL = new Set(['jpy'])

export function checkCurrency(currency: string): string {
  if (MINIMUM_CHARGE[currency] === undefined) {
    throw invalidParameter(
      `Invalid currency: ${currency}. The Stripe stand-in supports these lower-case ISO currency codes: ${Object.keys(MINIMUM_CHARGE).join(', ')}.`,
      { param: 'currency' },
    )
  }
  return currency
}

export function checkAmount(amount: number, currency: string, param: string): number {
  const minimum = MINIMUM_CHARGE[checkCurrency(currency)]!
  if (amount < minimum)
    throw invalidParameter(`Amount must be at least ${format(minimum, currency)}`, { code: 'amount_too_small', param })
  if (amount > MAXIMUM_CHARGE)
    throw invalidParameter(`Amount must be no more than ${format(MAXIMUM_CHARGE, currency)}`, {
      code: 'amount_too_large',
      param,
    })
  return amount
}

/** An amount the way Stripe's messages write it ("10.00 mxn"), from its digits: no float arithmetic on money. */
export function format(amount: number, currency: string): string {
  if (ZERO_DECIMAL.has(currency)) return `${amount} ${currency}`
  const digits = String(amount).padStart(3, '0')
  return `${digits.slice(0, -2)}.${digits.slice(-2)} ${currency}`
}
