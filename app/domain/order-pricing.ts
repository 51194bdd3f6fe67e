import type { Refusal } from './error-codes'
import { checkChoice, type ModifierGroupRule } from './modifiers'
import type { Cents } from './money'

/** What the menu says of an item a diner orders. */
export interface MenuEntry {
  name: string
  /** The dish's English name, where staff wrote one. Its groups carry their English as `shown`. */
  nameEn?: string | null
  priceCents: Cents
  modifierGroups: readonly ModifierGroupRule[]
  /** Staff marked it "Agotado": nobody can order it until they offer it again. */
  soldOut?: boolean
}

/** A restaurant's menu items by id, as orders and carts look them up. */
export function menuById<Item extends MenuEntry & { id: string }>(
  categories: readonly { items: readonly Item[] }[],
): Map<string, Item> {
  return new Map(categories.flatMap((category) => category.items.map((item) => [item.id, item])))
}

/** One line of an order as it arrives: a menu item with its options, or (from staff and the demo) a named, priced line. */
export interface OrderLineRequest {
  menuItemId?: string
  optionIds?: string[]
  name: string
  description: string | null
  /** English for a line that names no menu item (the demo's sample diners); a menu item's comes from the menu. */
  nameEn?: string | null
  descriptionEn?: string | null
  /** The line total for the whole quantity; used only for lines that name no menu item. */
  price: Cents
  quantity: number
  category: string
  customerName: string | null
  note?: string | null
}

interface PricedLine {
  menuItemId: string | null
  /** The chosen options, in the menu's order; none for a line that names no menu item. */
  optionIds: string[]
  name: string
  description: string | null
  /** What an English page reads instead, where there is English; null falls back on the Spanish. */
  nameEn: string | null
  descriptionEn: string | null
  /** The line total for the whole quantity. */
  priceCents: Cents
  quantity: number
  category: string
  customerName: string | null
  note: string | null
}

type PricingResult =
  | { ok: true; lines: PricedLine[] }
  | Refusal<'UNKNOWN_ITEM' | 'INVALID_OPTIONS' | 'PRICE_NOT_ALLOWED'>
  | (Refusal<'SOLD_OUT'> & { soldOut: string[] })

/**
 * Who may put a line with its own name and price on the bill: the
 * restaurant's staff, and anyone on the public demo table (its sample diners).
 * A diner orders from the menu.
 */
interface PricingRights {
  freePrices: boolean
}

/**
 * Prices an order. A line that names a menu item is priced by the menu, never
 * by the client: the item's price plus its chosen options, times the
 * quantity, and the chosen options become the line's description so the
 * kitchen and the diners read them: in the restaurant's words, and in English
 * where the menu has it. Any line that cannot be priced refuses the whole
 * order.
 */
export function priceOrder(
  lines: readonly OrderLineRequest[],
  menu: ReadonlyMap<string, MenuEntry>,
  rights: PricingRights,
): PricingResult {
  if (!rights.freePrices && lines.some((line) => !line.menuItemId)) {
    return {
      ok: false,
      code: 'PRICE_NOT_ALLOWED',
      message: "Only the restaurant's staff can add a line with its own name and price; order from the menu.",
    }
  }
  // An item off the menu is the first thing to say: no choice of options can fix it.
  if (lines.some((line) => line.menuItemId && !menu.has(line.menuItemId))) {
    return { ok: false, code: 'UNKNOWN_ITEM', message: "An item is not on this restaurant's menu." }
  }
  const soldOut = [
    ...new Set(
      lines.flatMap((line) => (line.menuItemId && menu.get(line.menuItemId)?.soldOut ? [line.menuItemId] : [])),
    ),
  ]
  if (soldOut.length > 0) {
    const names = soldOut.map((id) => menu.get(id)?.name).join(', ')
    return {
      ok: false,
      code: 'SOLD_OUT',
      message: `Sold out: ${names}. Nothing was ordered; take it off the order and order the rest.`,
      soldOut,
    }
  }
  const priced: PricedLine[] = []
  for (const {
    menuItemId,
    optionIds,
    price,
    name,
    description,
    nameEn = null,
    descriptionEn = null,
    quantity,
    category,
    customerName,
    note = null,
  } of lines) {
    const line = { name, description, quantity, category, customerName, note }
    const item = menuItemId ? menu.get(menuItemId) : undefined
    if (!menuItemId || !item) {
      priced.push({ ...line, nameEn, descriptionEn, menuItemId: null, optionIds: [], priceCents: price })
      continue
    }
    const choice = checkChoice(item.modifierGroups, optionIds ?? [])
    if (!choice.ok) {
      const message =
        choice.reason === 'unknown'
          ? 'An option does not belong to its item.'
          : choice.reason === 'sold-out'
            ? `An option chosen for ${item.name} is sold out.`
            : `A choice for ${item.name} is missing or not allowed.`
      return { ok: false, code: 'INVALID_OPTIONS', message }
    }
    priced.push({
      ...line,
      menuItemId,
      optionIds: choice.optionIds,
      name: item.name,
      description: choice.storedSummary ?? line.description,
      nameEn: item.nameEn ?? null,
      // Only where the English differs: an English page falls back on the Spanish by itself.
      descriptionEn: choice.summary !== choice.storedSummary ? choice.summary : null,
      priceCents: (item.priceCents + choice.extraCents) * line.quantity,
    })
  }
  return { ok: true, lines: priced }
}
