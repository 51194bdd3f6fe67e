import type { Cents } from './money'
import { ratePercentLabel, taxAddedTo, type TaxSettings } from './tax'

// Here rather than beside the zod schemas, so the diner's cart does not ship zod to the phone.
export const MAX_ITEMS_PER_ORDER = 50
export const MAX_LINE_QUANTITY = 99

/** A menu item in a diner's cart, as it was shown; the server prices it again from the menu. */
export interface CartLine {
  menuItemId: string
  name: string
  /** Unit price when it was added, the chosen options included. */
  priceCents: Cents
  quantity: number
  /** The chosen modifier options, and how they read ('Salsa: Verde'). */
  optionIds: string[]
  details: string | null
}

/** One line per item and choice of options: a taco with green salsa and one with red are two lines. */
export const cartLineKey = (line: Pick<CartLine, 'menuItemId' | 'optionIds'>) => [line.menuItemId, ...line.optionIds].join('|')

export interface CartTotals {
  count: number
  /** What ordering the cart adds to the bill. */
  subtotal: Cents
}

/** Adds one of an item (each tap adds 1); null when the order would be too large. */
export function addToCart(lines: readonly CartLine[], item: Omit<CartLine, 'quantity'>): CartLine[] | null {
  const existing = lines.find((line) => cartLineKey(line) === cartLineKey(item))
  if (existing) {
    if (existing.quantity >= MAX_LINE_QUANTITY) return null
    return lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + 1 } : line))
  }
  if (lines.length >= MAX_ITEMS_PER_ORDER) return null
  return [...lines, { ...item, quantity: 1 }]
}

export function removeFromCart(lines: readonly CartLine[], key: string): CartLine[] {
  return lines.filter((line) => cartLineKey(line) !== key)
}

export function cartTotals(lines: readonly CartLine[]): CartTotals {
  return { count: lines.reduce((sum, line) => sum + line.quantity, 0), subtotal: lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0) }
}

/**
 * What paying for an order of `subtotal` charges before any tip, by the
 * restaurant's own tax settings, the way the payment step charges it: the
 * same figure the cart shows, never an estimate of its own.
 */
export function cartCharge(subtotal: Cents, settings: Pick<TaxSettings, 'taxRateBps' | 'taxIncludedInPrice'>) {
  const taxAdded = taxAddedTo(subtotal, settings)
  return { taxAdded, taxIncluded: settings.taxIncludedInPrice, taxRatePercent: ratePercentLabel(settings.taxRateBps), total: subtotal + taxAdded }
}

/** A cart read back from storage, keeping only well-formed lines (a line saved before options existed has none). */
export function readCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return []
  return value
    .filter(
      (line): line is CartLine =>
        typeof line === 'object' &&
        line !== null &&
        typeof line.menuItemId === 'string' &&
        typeof line.name === 'string' &&
        Number.isInteger(line.priceCents) &&
        line.priceCents >= 0 &&
        Number.isInteger(line.quantity) &&
        line.quantity >= 1 &&
        line.quantity <= MAX_LINE_QUANTITY &&
        (line.optionIds === undefined || (Array.isArray(line.optionIds) && line.optionIds.every((id: unknown) => typeof id === 'string'))),
    )
    .map((line) => ({ ...line, optionIds: line.optionIds ?? [], details: typeof line.details === 'string' ? line.details : null }))
    .slice(0, MAX_ITEMS_PER_ORDER)
}
