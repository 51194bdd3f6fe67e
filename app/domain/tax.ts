import type { Cents } from './money'

/** IVA, 16 %, in basis points. */
export const DEFAULT_TAX_RATE_BPS = 1600

/**
 * The IVA rates the SAT takes on a restaurant's sale, in basis points: the
 * general 16 %, the 8 % of the northern-border incentive (only for a
 * restaurant registered for it) and 0 %. A CFDI with any other is refused.
 */
export const IVA_RATES_BPS = [1600, 800, 0] as const
const BORDER_RATE_BPS = 800

/** Whether a restaurant may charge `rateBps`: one of the SAT's, the border's 8 % only with that incentive. */
export const ivaRateAllowed = (rateBps: number, borderIncentive: boolean) =>
  (IVA_RATES_BPS as readonly number[]).includes(rateBps) && (rateBps !== BORDER_RATE_BPS || borderIncentive)

export interface TaxSettings {
  taxRateBps: number
  taxIncludedInPrice: boolean
  showTaxSeparately: boolean
}

interface TaxBreakdown {
  subtotal: Cents
  tax: Cents
  total: Cents
}

/**
 * The tax in an amount (docs/money.md, Tax). Prices that include tax hold
 * price − price / (1 + rate) of it, and the total is the price; prices that
 * exclude it get price × rate added on top. Rounded half up to the cent.
 */
export function taxBreakdown(
  amount: Cents,
  settings: Pick<TaxSettings, 'taxRateBps' | 'taxIncludedInPrice'>,
): TaxBreakdown {
  const rate = settings.taxRateBps
  if (settings.taxIncludedInPrice) {
    const net = Math.floor((amount * 10000 * 2 + (10000 + rate)) / ((10000 + rate) * 2))
    return { subtotal: net, tax: amount - net, total: amount }
  }
  const tax = Math.floor((amount * rate + 5000) / 10000)
  return { subtotal: amount, tax, total: amount + tax }
}

/** The tax a payment of `amount` adds to the charge: none when prices include it, the tax on top otherwise. */
export function taxAddedTo(amount: Cents, settings: Pick<TaxSettings, 'taxRateBps' | 'taxIncludedInPrice'>): Cents {
  return settings.taxIncludedInPrice ? 0 : taxBreakdown(amount, settings).tax
}

/** What `amount` of the bill is charged as: itself, with the tax added when prices exclude it. */
export const chargeFor = (amount: Cents, settings: Pick<TaxSettings, 'taxRateBps' | 'taxIncludedInPrice'>): Cents =>
  amount + taxAddedTo(amount, settings)

/** The rate as a whole percentage for labels: 1600 → 16. */
export function ratePercentLabel(rateBps: number): number {
  return Math.round(rateBps / 100)
}

type PaymentSummary =
  | {
      layout: 'separate'
      subtotal: Cents
      tax: Cents
      taxRatePercent: number
      tip: Cents
      total: Cents
      taxAdded: Cents
    }
  | {
      layout: 'combined'
      consumption: Cents
      tax: Cents
      taxRatePercent: number
      tip: Cents
      total: Cents
      taxAdded: Cents
      pricesIncludeTax: boolean
    }

/**
 * The payment screen's summary. Layout A shows IVA apart; layout B
 * shows the consumption. Tax is added to the charge only when prices exclude
 * it, exactly as the server charges it (`taxAdded`).
 */
export function paymentSummary(base: Cents, tip: Cents, settings: TaxSettings): PaymentSummary {
  const breakdown = taxBreakdown(base, settings)
  const taxAdded = taxAddedTo(base, settings)
  const total = base + taxAdded + tip
  if (settings.showTaxSeparately) {
    return {
      layout: 'separate',
      subtotal: breakdown.subtotal,
      tax: breakdown.tax,
      taxRatePercent: ratePercentLabel(settings.taxRateBps),
      tip,
      total,
      taxAdded,
    }
  }
  return {
    layout: 'combined',
    consumption: base,
    tax: taxAdded,
    taxRatePercent: ratePercentLabel(settings.taxRateBps),
    tip,
    total,
    taxAdded,
    pricesIncludeTax: settings.taxIncludedInPrice,
  }
}
