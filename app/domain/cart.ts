import type { Cents } from './money'
import { checkChoice } from './modifiers'
import type { MenuEntry } from './order-pricing'
import { isIdLike } from './ids'
import { ratePercentLabel, taxAddedTo, type TaxSettings } from './tax'

// Here rather than beside the zod schemas, so the diner's cart does not ship zod to the phone.
export const MAX_ITEMS_PER_ORDER = 50
export const MAX_LINE_QUANTITY = 99
/** What a diner may ask the kitchen on one line ("sin cebolla"). */
export const MAX_NOTE_CHARS = 140

/** A line of a diner's cart as it is kept: what was chosen, never what it cost. */
export interface CartEntry {
  menuItemId: string
  /** The chosen modifier options, in the menu's order. */
  optionIds: string[]
  quantity: number
  /** What the diner asked the kitchen for this line, if anything. */
  note?: string | null
}

/** A cart line as the screens show it, priced from the menu the page was drawn with. */
export interface CartLine extends CartEntry {
  name: string
  /** Unit price, the chosen options included. */
  priceCents: Cents
  /** How the chosen options read ('Salsa: Verde'). */
  details: string | null
  /** Sold out since it was added: kept in sight, left out of the totals, and ordering refuses it until it is taken off. */
  soldOut: boolean
}

/** One line per item, choice of options and note: a taco with green salsa and one with red, or one "sin cebolla", are two lines. */
export const cartLineKey = (line: Pick<CartEntry, 'menuItemId' | 'optionIds' | 'note'>) =>
  [line.menuItemId, ...line.optionIds, ...(line.note ? [`:${line.note}`] : [])].join('|')

/** A note as the diner typed it, or null for nothing but spaces. */
export const cleanNote = (note: string | null | undefined) => note?.trim().slice(0, MAX_NOTE_CHARS) || null

export interface CartTotals {
  count: number
  /** What ordering the cart adds to the bill. */
  subtotal: Cents
}

/*
 * The cart lives in a cookie, so the server draws the menu's and the cart's
 * figures and takes their forms without JavaScript, and the phone changes it
 * in place with JavaScript, both in the one store. A cookie holds about 4 KB:
 * a cart that would not fit is full, like one with too many lines.
 */
const CART_COOKIE_PREFIX = 'mesa_cart_'
const CART_COOKIE_MAX_AGE_S = 60 * 60 * 12
const MAX_CART_COOKIE_CHARS = 3800
const ENTRY_SEPARATOR = '~'
const FIELD_SEPARATOR = '.'
// Ids never start with it, so a note is told apart from an option.
const NOTE_MARK = ':'

// encodeURIComponent leaves the two separators as they are.
const encodeNote = (note: string) => NOTE_MARK + encodeURIComponent(note).replaceAll('.', '%2E').replaceAll('~', '%7E')

function decodeNote(field: string): string | null {
  try {
    return cleanNote(decodeURIComponent(field.slice(NOTE_MARK.length)))
  } catch {
    return null
  }
}

/** `2.item.option~1.item2.:sin%20cebolla`: only characters a cookie value takes as they are. */
export function encodeCart(entries: readonly CartEntry[]): string {
  return entries
    .map((entry) =>
      [entry.quantity, entry.menuItemId, ...entry.optionIds, ...(entry.note ? [encodeNote(entry.note)] : [])].join(
        FIELD_SEPARATOR,
      ),
    )
    .join(ENTRY_SEPARATOR)
}

/** A kept cart read back, keeping only well-formed lines, each key once. */
export function decodeCart(value: string): CartEntry[] {
  const entries: CartEntry[] = []
  for (const part of value.split(ENTRY_SEPARATOR)) {
    const [rawQuantity = '', menuItemId = '', ...rest] = part.split(FIELD_SEPARATOR)
    const last = rest.at(-1)
    const noted = last?.startsWith(NOTE_MARK) ?? false
    const optionIds = noted ? rest.slice(0, -1) : rest
    const quantity = Number(rawQuantity)
    if (
      !/^\d+$/.test(rawQuantity) ||
      quantity < 1 ||
      quantity > MAX_LINE_QUANTITY ||
      !isIdLike(menuItemId) ||
      !optionIds.every(isIdLike)
    )
      continue
    const note = noted && last ? decodeNote(last) : null
    const entry: CartEntry = note ? { menuItemId, optionIds, quantity, note } : { menuItemId, optionIds, quantity }
    if (entries.some((kept) => cartLineKey(kept) === cartLineKey(entry))) continue
    entries.push(entry)
    if (entries.length === MAX_ITEMS_PER_ORDER) break
  }
  return entries
}

/** The cookie that keeps a table's cart, as a Set-Cookie header or for document.cookie; an empty cart removes it. */
export function cartCookie(sessionId: string, entries: readonly CartEntry[]): string {
  const value = encodeCart(entries)
  return `${CART_COOKIE_PREFIX}${sessionId}=${value}; Path=/customer; Max-Age=${value ? CART_COOKIE_MAX_AGE_S : 0}; SameSite=Lax`
}

/** The table's cart out of a Cookie header (or document.cookie, which reads the same). */
export function cartFromCookies(cookies: string | null, sessionId: string): CartEntry[] {
  const name = `${CART_COOKIE_PREFIX}${sessionId}=`
  const value = cookies
    ?.split(';')
    .map((cookie) => cookie.trim())
    .find((cookie) => cookie.startsWith(name))
    ?.slice(name.length)
  return value ? decodeCart(value) : []
}

/** Whether a cookie (by name) is a cart's; a page that does not show the cart does not depend on it. */
export const isCartCookie = (name: string) => name.startsWith(CART_COOKIE_PREFIX)

/** Adds `quantity` of an item (the same item, options and note join their line); null when the order would be too large. */
export function addToCart<Line extends CartEntry>(
  lines: readonly Line[],
  item: Omit<Line, 'quantity'>,
  quantity = 1,
): Line[] | null {
  const existing = lines.find((line) => cartLineKey(line) === cartLineKey(item))
  if (existing && existing.quantity + quantity > MAX_LINE_QUANTITY) return null
  if (!existing && lines.length >= MAX_ITEMS_PER_ORDER) return null
  const next = existing
    ? lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + quantity } : line))
    : [...lines, { ...item, quantity } as Line]
  return encodeCart(next).length > MAX_CART_COOKIE_CHARS ? null : next
}

export function removeFromCart<Line extends CartEntry>(lines: readonly Line[], key: string): Line[] {
  return lines.filter((line) => cartLineKey(line) !== key)
}

/** A quantity as typed, brought within 1 and the per-line limit (anything unreadable is 1). */
export const lineQuantityWithin = (quantity: number) =>
  Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(quantity) || 1))

/** Sets how many of a line the diner wants, within the per-line limit. */
export function setCartQuantity<Line extends CartEntry>(lines: readonly Line[], key: string, quantity: number): Line[] {
  const wanted = lineQuantityWithin(quantity)
  return lines.map((line) => (cartLineKey(line) === key ? { ...line, quantity: wanted } : line))
}

/**
 * The cart priced by the menu: each line's name, its unit price with the
 * chosen options, and how they read. A line the menu no longer allows (the
 * item gone, an option changed) is left out, as ordering it would be refused.
 */
export function priceCart(entries: readonly CartEntry[], menu: ReadonlyMap<string, MenuEntry>): CartLine[] {
  return entries.flatMap((entry) => {
    const item = menu.get(entry.menuItemId)
    const choice = item ? checkChoice(item.modifierGroups, entry.optionIds) : null
    if (!item || !choice?.ok) return []
    return [
      {
        ...entry,
        name: item.name,
        priceCents: item.priceCents + choice.extraCents,
        details: choice.summary,
        soldOut: item.soldOut ?? false,
      },
    ]
  })
}

/** How an added line is named to the diner: 'Taco al pastor (Salsa: Verde)'. */
export const cartLineLabel = (line: Pick<CartLine, 'name' | 'details'>) =>
  line.details ? `${line.name} (${line.details})` : line.name

/** What ordering would add: sold-out lines count for nothing, since ordering refuses them. */
export function cartTotals(lines: readonly Pick<CartLine, 'quantity' | 'priceCents' | 'soldOut'>[]): CartTotals {
  const orderable = lines.filter((line) => !line.soldOut)
  return {
    count: orderable.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: orderable.reduce((sum, line) => sum + line.priceCents * line.quantity, 0),
  }
}

/**
 * What paying for an order of `subtotal` charges before any tip, by the
 * restaurant's own tax settings, the way the payment step charges it: the
 * same figure the cart shows, never an estimate of its own.
 */
export function cartCharge(subtotal: Cents, settings: Pick<TaxSettings, 'taxRateBps' | 'taxIncludedInPrice'>) {
  const taxAdded = taxAddedTo(subtotal, settings)
  return {
    taxAdded,
    taxIncluded: settings.taxIncludedInPrice,
    taxRatePercent: ratePercentLabel(settings.taxRateBps),
    total: subtotal + taxAdded,
  }
}
