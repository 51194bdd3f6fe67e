import { z } from './zod'
import { cleanNote, MAX_ITEMS_PER_ORDER, MAX_LINE_QUANTITY, MAX_NOTE_CHARS } from '../cart'
import { idString, optionalName, pesos } from './fields'
import type { OrderLineRequest } from '../order-pricing'

/** The most options one line may carry. */
export const MAX_OPTIONS = 30

/** A note for the kitchen on one line, as the item sheet, the cart and the waiter's ticket send it. */
export const kitchenNote = z
  .string()
  .trim()
  .max(MAX_NOTE_CHARS)
  .optional()
  .transform((note) => cleanNote(note))

/** How many of a line a diner (or a waiter) wants. */
export const lineQuantity = z.number().int().min(1).max(MAX_LINE_QUANTITY)

/** One bill line as a diner's order or the demo panel sends it (POST /api/items, see docs/api.md). */
const billItemInputSchema = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, { error: 'name is required' })
    .max(120, { error: 'name must be at most 120 characters' }),
  /** The line total for the whole quantity, in pesos. */
  price: pesos({ min: 'zero', label: 'price' }),
  description: z
    .string({ error: 'description must be text' })
    .trim()
    .max(500, { error: 'description must be at most 500 characters' })
    .nullish()
    .transform((value) => value || null),
  category: z
    .string({ error: 'category must be text' })
    .trim()
    .max(60, { error: 'category must be at most 60 characters' })
    .nullish()
    .transform((value) => value || 'Order'),
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int({ error: 'quantity must be a whole number' })
    .min(1, { error: 'quantity must be at least 1' })
    .max(MAX_LINE_QUANTITY, { error: `quantity must be at most ${MAX_LINE_QUANTITY}` })
    .default(1),
  isPaid: z.literal(false, { error: 'items cannot be added as already paid' }).optional(),
  customerName: optionalName,
  menuItemId: idString('menuItemId').optional(),
  /** What the kitchen should know of this line ("sin cebolla"). */
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(200, { error: 'note must be at most 200 characters' })
    .nullish()
    .transform((value) => value || null),
  /** Modifier options chosen for a menu item; the menu prices them, like the item. */
  optionIds: z
    .array(idString('optionIds'), { error: 'optionIds must be a list' })
    .max(MAX_OPTIONS, { error: `at most ${MAX_OPTIONS} options per item` })
    .optional(),
})

const optionsNeedAnItem = (item: { menuItemId?: string; optionIds?: string[] }) =>
  !item.optionIds?.length || Boolean(item.menuItemId)
const optionsNeedAnItemIssue = { error: 'optionIds need a menuItemId', path: ['optionIds'] }

const target = {
  tableId: idString('tableId'),
  /** The bill the diner is looking at; when the table has moved on to a new bill, the write is refused. */
  sessionId: idString('sessionId').optional(),
  /** The ordering phone's id for this order: sent again, the order is answered as it was and adds nothing. */
  orderId: idString('orderId').optional(),
}

const batchSchema = z.object({
  ...target,
  items: z
    .array(billItemInputSchema.refine(optionsNeedAnItem, optionsNeedAnItemIssue), { error: 'items must be a list' })
    .min(1, { error: 'items must not be empty' })
    .max(MAX_ITEMS_PER_ORDER, { error: `at most ${MAX_ITEMS_PER_ORDER} items per order` }),
})
const singleSchema = z
  .object({ ...target, ...billItemInputSchema.shape })
  .refine(optionsNeedAnItem, optionsNeedAnItemIssue)

/**
 * POST /api/items: a single line at the top level, or a whole cart (`items`) in one
 * call so an order lands on the bill all or nothing. A body with `items` is a
 * cart; choosing the shape first keeps the error messages about the right one.
 */
export const addItemsRequestSchema = z.unknown().transform((body, ctx) => {
  const isBatch = typeof body === 'object' && body !== null && 'items' in body
  const result = (isBatch ? batchSchema : singleSchema).safeParse(body)
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
    return z.NEVER
  }
  const { tableId, sessionId, orderId } = result.data
  const order = { tableId, sessionId, ...(orderId === undefined ? {} : { orderId }) }
  if ('items' in result.data) return { ...order, items: result.data.items }
  const { tableId: _tableId, sessionId: _sessionId, orderId: _orderId, ...item } = result.data
  return { ...order, items: [item] }
})

type BillItemInput = z.output<typeof billItemInputSchema>
/**
 * An order as the bill takes it: the API's, or the demo's sample diners',
 * whose free lines also carry their dishes' English (no caller of the API
 * sends it; a menu item's English comes from the menu).
 */
export type AddItemsRequest = Omit<z.output<typeof addItemsRequestSchema>, 'items'> & {
  items: (BillItemInput & Pick<OrderLineRequest, 'nameEn' | 'descriptionEn'>)[]
}

/**
 * The diner's cart as the cart screen's form sends it; names and prices come
 * from the menu. Place Order sends it as it stands; Update (without
 * JavaScript) keeps the quantities typed, so the figures are drawn again.
 */
export const placeOrderFormSchema = z.object({
  intent: z.enum(['order', 'update']).default('order'),
  orderId: idString('orderId').optional(),
  customerName: optionalName,
  items: z
    .array(
      z.object({
        menuItemId: idString('menuItemId'),
        quantity: lineQuantity,
        optionIds: z.array(idString('optionIds')).max(MAX_OPTIONS).default([]),
        note: kitchenNote,
      }),
      { error: 'items must not be empty' },
    )
    .min(1, { error: 'items must not be empty' })
    .max(MAX_ITEMS_PER_ORDER, { error: `at most ${MAX_ITEMS_PER_ORDER} items per order` }),
})

/** A line of a cart as a form names it: its cartLineKey. */
export const cartLineKeyField = z
  .string()
  .min(1)
  .max(64 * (MAX_OPTIONS + 1) + MAX_OPTIONS + MAX_NOTE_CHARS + 2)

/** One taken off a line of the cart without JavaScript: a tap on the menu undone. */
export const takeOneFormSchema = z.object({ less: cartLineKeyField })

/** A line taken off the cart without JavaScript. */
export const removeFromCartFormSchema = z.object({ remove: cartLineKeyField })

/**
 * An item added from its sheet without JavaScript: the item, how many, a note
 * for the kitchen and, for each of its modifier groups, the options chosen in
 * it (one field per group, so a single-choice group is one set of radio
 * buttons).
 */
export const addToCartFormSchema = z.object({
  item: idString('item'),
  quantity: lineQuantity.default(1),
  note: kitchenNote,
  // Conform does not coerce inside a record: a group with one option checked arrives as text.
  options: z
    .record(z.string(), z.union([idString('options'), z.array(idString('options')).max(MAX_OPTIONS)]))
    .optional()
    .transform((groups) => Object.values(groups ?? {}).flat()),
})
