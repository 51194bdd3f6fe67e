import { orderedBy, type OrderedBy } from './diners'
import { lineAmountFor, type BillLine, type PaymentType, unitsLeft } from './bill'
import { shownText, type BilingualText } from './menu-language'
import type { Language } from '~/locales'
import { parsePesosInput, pesosToCents, type Cents } from './money'
import { isIdLike } from './ids'
import { clampSplit, DEFAULT_TABLE_SIZE, quoteSplit, type SplitPaid, type SplitQuote } from './split'
import { tipForPercent } from './tip'

/**
 * What a diner has chosen to pay, carried from step to step in the URL so a
 * reload or a shared link never loses their place.
 */
export type Selection =
  | { mode: 'full' }
  | { mode: 'items'; items: { itemId: string; quantity: number | null }[] }
  | { mode: 'split'; peoplePaying: number; tableSize: number }

/** `id:2,id2` → items; a malformed id is dropped, a malformed quantity pays what is left of the line. */
export function parseItemsParam(value: string): { itemId: string; quantity: number | null }[] {
  const items: { itemId: string; quantity: number | null }[] = []
  for (const entry of value.split(',')) {
    const [itemId = '', rawQuantity] = entry.trim().split(':')
    if (!isIdLike(itemId) || items.some((item) => item.itemId === itemId)) continue
    const quantity = rawQuantity === undefined ? null : Number(rawQuantity)
    items.push({ itemId, quantity: quantity !== null && Number.isInteger(quantity) && quantity >= 1 ? quantity : null })
  }
  return items
}

/** Reads the selection from a step's query string; both spellings work (`tableSize` or `splitCount`; `full=true` or `amount`/`baseAmount`). */
export function readSelection(params: URLSearchParams): Selection | null {
  if (params.get('split') === 'true') {
    const peoplePaying = Number(params.get('partySize') ?? '1')
    const tableSize = Number(
      params.get('tableSize') ?? params.get('splitCount') ?? Math.max(DEFAULT_TABLE_SIZE, peoplePaying),
    )
    return { mode: 'split', ...clampSplit(peoplePaying, tableSize) }
  }
  const items = params.get('items')
  if (items) {
    const parsed = parseItemsParam(items)
    return parsed.length ? { mode: 'items', items: parsed } : null
  }
  if (params.get('full') === 'true' || params.has('amount') || params.has('baseAmount')) return { mode: 'full' }
  return null
}

/** The query string of a selection, the way every step writes it. */
export function selectionParams(selection: Selection): URLSearchParams {
  const params = new URLSearchParams()
  if (selection.mode === 'full') params.set('full', 'true')
  if (selection.mode === 'items') {
    params.set(
      'items',
      selection.items.map((item) => (item.quantity ? `${item.itemId}:${item.quantity}` : item.itemId)).join(','),
    )
  }
  if (selection.mode === 'split') {
    params.set('split', 'true')
    params.set('partySize', String(selection.peoplePaying))
    params.set('tableSize', String(selection.tableSize))
  }
  return params
}

export function paymentTypeOf(selection: Selection): PaymentType {
  return selection.mode === 'split' ? 'split' : selection.mode === 'items' ? 'item' : 'full'
}

interface QuotedLine {
  itemId: string
  units: number
  amount: Cents
}

/** A quoted line as the diner reviews it: named as the bill names it, and by who ordered it. */
export interface ReviewLine extends QuotedLine {
  name: string
  /** Set on an English page where the line has only the restaurant's Spanish. */
  nameLang?: 'es'
  orderedBy: OrderedBy
}

/** The quoted lines with their names in the page's language and who ordered them. */
export function reviewLines(
  lines: readonly (BilingualText & { id: string; customerName: string | null; addedBy?: string | null })[],
  quoted: readonly QuotedLine[],
  language: Language,
): ReviewLine[] {
  const byId = new Map(lines.map((line) => [line.id, line]))
  return quoted.map((line) => {
    const billLine = byId.get(line.itemId)
    const shown = billLine ? shownText(billLine, language) : null
    return {
      ...line,
      name: shown?.name ?? '',
      ...(shown?.nameLang ? { nameLang: shown.nameLang } : {}),
      orderedBy: billLine ? orderedBy(billLine) : { who: 'guest' },
    }
  })
}

interface Quote {
  /** What the selection pays of the bill now, without tip. */
  base: Cents
  lines: QuotedLine[]
  /** Some chosen items were paid by someone else meanwhile and are left out. */
  changed: boolean
  /** The split as priced now, when the selection is a split. */
  split: SplitQuote | null
}

/** Prices a selection against the bill as it is now, with the same rules the server pays by. */
export function quote(
  lines: readonly BillLine[],
  remaining: Cents,
  selection: Selection,
  splitPaid: readonly SplitPaid[] = [],
): Quote {
  if (selection.mode === 'full') return { base: remaining, lines: [], changed: false, split: null }
  if (selection.mode === 'split') {
    const split = quoteSplit(remaining, selection.peoplePaying, selection.tableSize, splitPaid)
    return { base: split.share, lines: [], changed: split.peoplePaying !== selection.peoplePaying, split }
  }
  const byId = new Map(lines.map((line) => [line.id, line]))
  const quoted: QuotedLine[] = []
  let changed = false
  for (const item of selection.items) {
    const line = byId.get(item.itemId)
    const left = line ? unitsLeft(line) : 0
    if (!line || left <= 0) {
      changed = true
      continue
    }
    const units = Math.min(item.quantity ?? left, left)
    if (units !== (item.quantity ?? left)) changed = true
    quoted.push({ itemId: line.id, units, amount: lineAmountFor(line, units) })
  }
  // Items never cost more than is left: equal shares may have paid part of the bill already (see planPayment).
  return {
    base: Math.min(
      remaining,
      quoted.reduce((sum, line) => sum + line.amount, 0),
    ),
    lines: quoted,
    changed,
    split: null,
  }
}

interface TipChoice {
  tip: Cents
  /** The preset chosen, or null for a custom amount. */
  percent: number | null
  noTipReason: string | null
}

/**
 * The tip a step's query string asks for (docs/money.md, Tips): a percentage
 * of the base (15 % when nothing is chosen yet), or a custom amount of 0 or
 * more; a custom amount that is not a number is ignored.
 */
export function readTip(params: URLSearchParams, base: Cents): TipChoice {
  const noTipReason = params.get('noTipReason')?.trim().slice(0, 100) || null
  const percentParam = params.get('tipPercentage')
  if (percentParam !== null && percentParam !== '' && percentParam !== 'custom') {
    const percent = Number(percentParam)
    if (Number.isFinite(percent) && percent >= 0 && percent <= 100) {
      return { tip: tipForPercent(base, percent), percent, noTipReason: percent > 0 ? null : noTipReason }
    }
  }
  const amountParam = params.get('tipAmount')
  if (amountParam !== null && amountParam !== '') {
    const cents = parsePesosInput(amountParam) ?? pesosToCents(Number(amountParam))
    if (cents !== null && cents >= 0) return { tip: cents, percent: null, noTipReason: cents > 0 ? null : noTipReason }
  }
  // Nothing chosen is no tip: a tip is never added for the diner.
  if (percentParam === 'custom') return { tip: 0, percent: null, noTipReason }
  return { tip: 0, percent: 0, noTipReason }
}

/** Why a diner may say they left no tip (the payment's serviceQuality is 'notip_' and one of these). */
export const NO_TIP_REASONS = ['service', 'included', 'other'] as const

/** The serviceQuality of the payment request: 'good', or 'notip_' and the reason. */
export function serviceQualityOf(tip: TipChoice): string {
  return tip.tip === 0 && tip.noTipReason ? `notip_${tip.noTipReason}` : 'good'
}

/** Why a payment the diner was shown cannot go through as shown, in the words the screen uses. */
export type PaymentChange =
  'billPaid' | 'selectionTaken' | 'selectionPartlyTaken' | 'ordered' | 'paidMeanwhile' | 'lastShare' | 'updated'

/**
 * What happened between showing a payment (`shownBase`, what it paid of the
 * bill) and the bill as it is now, priced for the same selection. `shares`
 * is the table size of an equal split: a share that grew by less than a cent
 * per share is the last one taking the rounding, not a new order.
 */
export function whatChanged(
  shownBase: Cents,
  now: { remaining: Cents; base: Cents; mode: Selection['mode']; selectionChanged: boolean; shares?: number },
): PaymentChange {
  if (now.remaining <= 0) return 'billPaid'
  if (now.base <= 0) return 'selectionTaken'
  if (now.mode === 'items') return now.selectionChanged ? 'selectionPartlyTaken' : 'paidMeanwhile'
  if (now.mode === 'split' && now.base > shownBase && now.base - shownBase < (now.shares ?? 1)) return 'lastShare'
  if (now.base > shownBase) return 'ordered'
  if (now.base < shownBase) return 'paidMeanwhile'
  return 'updated'
}
