import { MAX_CENTS, type Cents } from './money'
import { checkChoice } from './modifiers'
import type { MenuEntry, OrderLineRequest } from './order-pricing'
import { isIdLike } from './ids'
import { ratePercentLabel, taxAddedTo, type TaxSettings } from './tax'

// Here rather than beside the zod schemas, so the diner's cart does not ship zod to the phone.
export const MAX_ITEMS_PER_ORDER = 50
export const MAX_LINE_QUANTITY = 99
/** What a diner may ask the kitchen on one line ("sin cebolla"). */
export const MAX_NOTE_CHARS = 140
/** The longest name a line on the bill takes, as an open item's. */
export const MAX_LINE_NAME_CHARS = 120

/** A line of a diner's cart as it is kept: what was chosen, never what it cost. */
export interface CartEntry {
  menuItemId: string
  /** The chosen modifier options, in the menu's order. */
  optionIds: string[]
  quantity: number
  /** What the diner asked the kitchen for this line, if anything. */
  note?: string | null
}

/** A line a waiter types with its own name and unit price (an "open item"): only a waiter's ticket holds one. */
interface OpenEntry {
  name: string
  priceCents: Cents
  quantity: number
  note?: string | null
  /** An open item names no dish: what tells it from a priced line of the menu. */
  menuItemId?: never
}

/** A line of a waiter's ticket: a dish of the menu, or an open item. */
export type TicketEntry = CartEntry | OpenEntry

export const isOpenEntry = (entry: TicketEntry): entry is OpenEntry => !('menuItemId' in entry)

/** A cart line as the screens show it, priced from the menu the page was drawn with. */
interface CartLine extends CartEntry {
  name: string
  /** Unit price, the chosen options included. */
  priceCents: Cents
  /** How the chosen options read ('Salsa: Verde'). */
  details: string | null
  /** Sold out since it was added: kept in sight, left out of the totals, and ordering refuses it until it is taken off. */
  soldOut: boolean
}

/** An open item's ticket line as the ticket shows it: priced already. */
type OpenLine = OpenEntry & { details: null; soldOut: false }

/** A ticket line as the waiter's screen shows it. */
export type TicketLine = CartLine | OpenLine

type LineIdentity =
  Pick<CartEntry, 'menuItemId' | 'optionIds' | 'note'> | Pick<OpenEntry, 'name' | 'priceCents' | 'note'>

/**
 * One line per item, choice of options and note: a taco with green salsa and
 * one with red, or one "sin cebolla", are two lines; an open item is one line
 * per name, price and note.
 */
export const cartLineKey = (line: LineIdentity) =>
  [
    ...('menuItemId' in line ? [line.menuItemId, ...line.optionIds] : [`${OPEN_MARK}${line.name}`, line.priceCents]),
    ...(line.note ? [`:${line.note}`] : []),
  ].join('|')

/** A note as the diner typed it, or null for nothing but spaces. */
export const cleanNote = (note: string | null | undefined) => note?.trim().slice(0, MAX_NOTE_CHARS) || null

interface CartTotals {
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
// Ids never start with these, and a quantity is digits: a note, an open item's name and the order's id are told apart.
const NOTE_MARK = ':'
const OPEN_MARK = '*'
const ORDER_MARK = '!'

/**
 * Where a cart is kept: its cookie, the pages it goes to, and which lines it
 * may hold. A diner's cart and a waiter's ticket never meet: each has its own
 * cookie name and path.
 */
interface CartPlace<Entry extends TicketEntry> {
  cookie: string
  path: string
  holds: (entry: TicketEntry) => entry is Entry
  /** Kept by the server alone: the page's scripts need not read it. */
  httpOnly: boolean
}

/** A diner's cart, one per bill, on the diner's pages: dishes of the menu only, since a diner cannot set a price. */
export const dinerCart = (sessionId: string): CartPlace<CartEntry> => ({
  cookie: `${CART_COOKIE_PREFIX}${sessionId}`,
  path: '/customer',
  holds: (entry): entry is CartEntry => !isOpenEntry(entry),
  httpOnly: false,
})

/**
 * A waiter's ticket for a table, on that table's staff pages only. Not the
 * order page's path alone: a navigation's data is asked for at
 * `…/order.data`, which a cookie of `…/order` would not go to.
 */
export const waiterTicket = (tableId: string): CartPlace<TicketEntry> => ({
  cookie: `mesa_ticket_${tableId}`,
  path: `/admin/tables/${tableId}/`,
  holds: (_entry): _entry is TicketEntry => true,
  httpOnly: true,
})

/**
 * A cart as its cookie keeps it: its lines and, for a waiter's ticket, the
 * id it is sent under, made with its first line, so every send of it (a
 * retry, a second tap) is the one order.
 */
interface KeptCart<Entry extends TicketEntry> {
  entries: Entry[]
  orderId: string | null
}

// encodeURIComponent leaves the two separators as they are.
const encodeText = (text: string) => encodeURIComponent(text).replaceAll('.', '%2E').replaceAll('~', '%7E')

function decodeText(field: string, mark: string, maxChars: number): string | null {
  try {
    return decodeURIComponent(field.slice(mark.length)).trim().slice(0, maxChars) || null
  } catch {
    return null
  }
}

const encodeEntry = (entry: TicketEntry) =>
  [
    entry.quantity,
    ...(isOpenEntry(entry)
      ? [OPEN_MARK + encodeText(entry.name), entry.priceCents]
      : [entry.menuItemId, ...entry.optionIds]),
    ...(entry.note ? [NOTE_MARK + encodeText(entry.note)] : []),
  ].join(FIELD_SEPARATOR)

/**
 * `!order_1~2.item.option~1.item2.:sin%20cebolla~1.*Pastel.15000`: the
 * order's id when it has one, then each line; only characters a cookie value
 * takes as they are.
 */
export function encodeCart(cart: { entries: readonly TicketEntry[]; orderId?: string | null }): string {
  return [...(cart.orderId ? [ORDER_MARK + cart.orderId] : []), ...cart.entries.map(encodeEntry)].join(ENTRY_SEPARATOR)
}

/** One kept line read back, or null when it is not well formed. */
function decodeEntry(part: string): TicketEntry | null {
  const [rawQuantity = '', first = '', ...rest] = part.split(FIELD_SEPARATOR)
  const last = rest.at(-1)
  const noted = last?.startsWith(NOTE_MARK) ?? false
  const fields = noted ? rest.slice(0, -1) : rest
  const quantity = Number(rawQuantity)
  if (!/^\d+$/.test(rawQuantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) return null
  const note = noted && last ? decodeText(last, NOTE_MARK, MAX_NOTE_CHARS) : null
  const withNote = <Entry extends TicketEntry>(entry: Entry): Entry => (note ? { ...entry, note } : entry)
  if (first.startsWith(OPEN_MARK)) {
    const name = decodeText(first, OPEN_MARK, MAX_LINE_NAME_CHARS)
    const [price = ''] = fields
    const priceCents = Number(price)
    if (!name || fields.length !== 1 || !/^\d+$/.test(price) || priceCents > MAX_CENTS) return null
    return withNote({ name, priceCents, quantity })
  }
  if (!isIdLike(first) || !fields.every(isIdLike)) return null
  return withNote({ menuItemId: first, optionIds: fields, quantity })
}

/** A kept cart read back, keeping only well-formed lines, each key once. */
export function decodeCart(value: string): KeptCart<TicketEntry> {
  const cart: KeptCart<TicketEntry> = { entries: [], orderId: null }
  for (const part of value.split(ENTRY_SEPARATOR)) {
    if (part.startsWith(ORDER_MARK)) {
      const orderId = part.slice(ORDER_MARK.length)
      if (isIdLike(orderId)) cart.orderId = orderId
      continue
    }
    const entry = decodeEntry(part)
    if (!entry || cart.entries.some((kept) => cartLineKey(kept) === cartLineKey(entry))) continue
    cart.entries.push(entry)
    if (cart.entries.length === MAX_ITEMS_PER_ORDER) break
  }
  return cart
}

/** The cookie that keeps a cart, as a Set-Cookie header or for document.cookie; an empty cart removes it. */
export function cartCookie<Entry extends TicketEntry>(
  place: CartPlace<Entry>,
  cart: { entries: readonly Entry[]; orderId?: string | null },
): string {
  const value = cart.entries.length > 0 ? encodeCart(cart) : ''
  return `${place.cookie}=${value}; Path=${place.path}; Max-Age=${value ? CART_COOKIE_MAX_AGE_S : 0}; SameSite=Lax${place.httpOnly ? '; HttpOnly' : ''}`
}

/** The cart kept at `place`, out of a Cookie header (or document.cookie, which reads the same). */
export function cartFromCookies<Entry extends TicketEntry>(
  cookies: string | null,
  place: CartPlace<Entry>,
): KeptCart<Entry> {
  const name = `${place.cookie}=`
  const value = cookies
    ?.split(';')
    .map((cookie) => cookie.trim())
    .find((cookie) => cookie.startsWith(name))
    ?.slice(name.length)
  const kept = value ? decodeCart(value) : { entries: [], orderId: null }
  return { entries: kept.entries.filter(place.holds), orderId: kept.orderId }
}

/** Whether a cookie (by name) is a diner's cart; a page that does not show the cart does not depend on it. */
export const isCartCookie = (name: string) => name.startsWith(CART_COOKIE_PREFIX)

type WithoutQuantity<Line> = Line extends unknown ? Omit<Line, 'quantity'> : never

/** Adds `quantity` of an item (the same item, options and note join their line); null when the order would be too large. */
export function addToCart<Line extends TicketEntry>(
  lines: readonly Line[],
  item: WithoutQuantity<Line>,
  quantity = 1,
): Line[] | null {
  const existing = lines.find((line) => cartLineKey(line) === cartLineKey(item))
  if (existing && existing.quantity + quantity > MAX_LINE_QUANTITY) return null
  if (!existing && lines.length >= MAX_ITEMS_PER_ORDER) return null
  const next = existing
    ? lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + quantity } : line))
    : [...lines, { ...(item as Omit<Line, 'quantity'>), quantity } as Line]
  return encodeCart({ entries: next }).length > MAX_CART_COOKIE_CHARS ? null : next
}

/** Why a dish chosen on its sheet was not added: gone from the menu (or an option of it), sold out, a required group left empty, or a full cart. */
type AddRefusal = { reason: 'gone' | 'sold-out' | 'full' } | { reason: 'missing'; groupId: string }

/**
 * Adds a dish as chosen on its sheet, checked by the menu the way ordering it
 * will be: the menu's entry (undefined when it is not on the menu), the
 * options chosen, how many and the note. Answers the cart with it and how
 * the options read, or why not.
 */
export function addChosenItem<Line extends TicketEntry>(
  entries: readonly Line[],
  item: (MenuEntry & { id: string }) | undefined,
  chosen: { optionIds: readonly string[]; quantity: number; note: string | null },
): { ok: true; entries: (Line | CartEntry)[]; summary: string | null } | ({ ok: false } & AddRefusal) {
  if (!item) return { ok: false, reason: 'gone' }
  if (item.soldOut) return { ok: false, reason: 'sold-out' }
  const choice = checkChoice(item.modifierGroups, chosen.optionIds)
  if (!choice.ok) {
    if (choice.reason === 'sold-out') return { ok: false, reason: 'sold-out' }
    return choice.groupId ? { ok: false, reason: 'missing', groupId: choice.groupId } : { ok: false, reason: 'gone' }
  }
  const next = addToCart<Line | CartEntry>(
    entries,
    { menuItemId: item.id, optionIds: choice.optionIds, note: chosen.note },
    chosen.quantity,
  )
  return next ? { ok: true, entries: next, summary: choice.summary } : { ok: false, reason: 'full' }
}

export function removeFromCart<Line extends TicketEntry>(lines: readonly Line[], key: string): Line[] {
  return lines.filter((line) => cartLineKey(line) !== key)
}

/** One fewer of a line: the undo of a tap that added one, so the last one takes the line off. */
export function takeOneOff<Line extends TicketEntry>(lines: readonly Line[], key: string): Line[] {
  return lines.flatMap((line) =>
    cartLineKey(line) !== key ? [line] : line.quantity > 1 ? [{ ...line, quantity: line.quantity - 1 }] : [],
  )
}

/** How many of a dish a cart holds, over all its lines (options and notes apart). */
export const dishQuantity = (lines: readonly TicketEntry[], menuItemId: string) =>
  lines.reduce((sum, line) => ('menuItemId' in line && line.menuItemId === menuItemId ? sum + line.quantity : sum), 0)

/** A quantity as typed, brought within 1 and the per-line limit (anything unreadable is 1). */
export const lineQuantityWithin = (quantity: number) =>
  Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(quantity) || 1))

/** Sets how many of a line the diner wants, within the per-line limit. */
export function setCartQuantity<Line extends TicketEntry>(
  lines: readonly Line[],
  key: string,
  quantity: number,
): Line[] {
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

/** A waiter's ticket priced: dishes by the menu (as a diner's cart), open items by what the waiter typed. */
export function priceTicket(entries: readonly TicketEntry[], menu: ReadonlyMap<string, MenuEntry>): TicketLine[] {
  return entries.flatMap((entry): TicketLine[] =>
    isOpenEntry(entry) ? [{ ...entry, details: null, soldOut: false }] : priceCart([entry], menu),
  )
}

/**
 * A ticket as the order the bill takes: a dish names its item and options,
 * which the bill's object prices by the menu; an open item carries its name
 * and its line total.
 */
export const ticketOrderLines = (entries: readonly TicketEntry[]): (OrderLineRequest & { note: string | null })[] =>
  entries.map((entry) => ({
    ...(isOpenEntry(entry)
      ? { name: entry.name, price: entry.priceCents * entry.quantity }
      : { menuItemId: entry.menuItemId, optionIds: entry.optionIds, name: '', price: 0 }),
    description: null,
    category: 'Order',
    quantity: entry.quantity,
    customerName: null,
    note: entry.note ?? null,
  }))

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
