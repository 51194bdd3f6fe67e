import { z } from './zod'
import { MAX_ITEMS_PER_ORDER, MAX_LINE_NAME_CHARS, MAX_LINE_QUANTITY, MAX_NOTE_CHARS, type TicketEntry } from '../cart'
import { MAX_CENTS } from '../money'
import { typedPesos } from './books'
import { idString } from './fields'
import { addToCartFormSchema, cartLineKeyField, kitchenNote, lineQuantity, MAX_OPTIONS } from './items'
import { staffForms, type IntentIn } from './staff-forms'

// The waiter's ticket on a table's order page. Messages are translation keys: staff read them there, in their language.

/**
 * An open item as the waiter types it into the ticket: a name, what one
 * costs in pesos, how many and a note for the kitchen (only staff may put a
 * price on a line).
 */
export const openItemSchema = z.object({
  name: z
    .string({ error: 'admin.books.errors.openItem' })
    .trim()
    .min(1, { error: 'admin.books.errors.openItem' })
    .max(MAX_LINE_NAME_CHARS, { error: 'admin.errors.tooLong' }),
  price: typedPesos(null).pipe(z.number({ error: 'admin.books.errors.amount' })),
  quantity: z.coerce
    .number({ error: 'admin.books.errors.units' })
    .int({ error: 'admin.books.errors.units' })
    .min(1, { error: 'admin.books.errors.units' })
    .max(MAX_LINE_QUANTITY, { error: 'admin.books.errors.units' }),
  note: z
    .string()
    .trim()
    .max(MAX_NOTE_CHARS, { error: 'admin.errors.tooLong' })
    .nullish()
    .transform((value) => value || null),
})

/**
 * A change to one line of the ticket (by its cartLineKey): one less, one
 * more, or off the ticket. A change rather than a number, so a tap on a page
 * not yet redrawn after the last one still counts from the ticket as it is.
 */
export const ticketLineSchema = z.object({ line: cartLineKeyField, change: z.enum(['less', 'more', 'remove']) })

/** A ticket line as the send form carries it: a dish with its options, or an open item with its unit price in cents. */
const sentLine = z
  .object({
    menuItemId: idString('menuItemId').optional(),
    optionIds: z.array(idString('optionIds')).max(MAX_OPTIONS).default([]),
    name: z.string().trim().min(1).max(MAX_LINE_NAME_CHARS).optional(),
    priceCents: z.number().int().min(0).max(MAX_CENTS).optional(),
    quantity: lineQuantity,
    note: kitchenNote,
  })
  .transform((line, ctx): TicketEntry => {
    const { quantity, note } = line
    const noted = note ? { note } : {}
    if (line.menuItemId) return { menuItemId: line.menuItemId, optionIds: line.optionIds, quantity, ...noted }
    if (line.name !== undefined && line.priceCents !== undefined)
      return { name: line.name, priceCents: line.priceCents, quantity, ...noted }
    ctx.addIssue({ code: 'custom', message: 'admin.errors.formError' })
    return z.NEVER
  })

/**
 * "Enviar a cocina": the ticket as the page showed it, under the order id it
 * was drawn with (sent again, the bill takes it once), to the bill the page
 * showed.
 */
export const sendTicketSchema = z.object({
  sessionId: idString('sessionId'),
  orderId: idString('orderId'),
  items: z.array(sentLine).min(1).max(MAX_ITEMS_PER_ORDER),
})

/** The waiter's order page: a dish or an open item onto the ticket, a line changed, the ticket sent to the bill. */
export const ORDER_FORMS = staffForms({
  add: { permission: 'orders.add', schema: addToCartFormSchema },
  'open-item': { permission: 'orders.add', schema: openItemSchema },
  line: { permission: 'orders.add', schema: ticketLineSchema },
  send: { permission: 'orders.add', schema: sendTicketSchema },
})

export type OrderIntent = IntentIn<typeof ORDER_FORMS>
