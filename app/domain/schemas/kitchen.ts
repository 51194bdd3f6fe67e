import { z } from './zod'
import { TICKET_STEPS, type TicketRequest } from '../kitchen'
import { idString } from './fields'
import { staffForms, type IntentIn } from './staff-forms'

const step = z.enum(TICKET_STEPS, { error: 'admin.kitchen.errors.step' })

/** A tap on a kitchen ticket: move it on to `to`, or undo the step it showed (`undoFrom`); one of the two. */
export const ticketRequestSchema = z.union([
  z.object({ to: step, undoFrom: z.never().optional() }).transform(({ to }): TicketRequest => ({ to })),
  z.object({ undoFrom: step, to: z.never().optional() }).transform(({ undoFrom }): TicketRequest => ({ undoFrom })),
])

/** The board's form: the tap, and which ticket. */
export const ticketMoveSchema = z
  .object({ ticketId: idString('ticketId'), to: step.optional(), undoFrom: step.optional() })
  .transform(({ ticketId, ...tap }, ctx) => {
    const request = ticketRequestSchema.safeParse(tap)
    if (request.success) return { ticketId, request: request.data }
    ctx.addIssue({ code: 'custom', message: 'admin.kitchen.errors.step' })
    return z.NEVER
  })

/** The kitchen board's one form: a tap on a ticket. */
export const KITCHEN_FORMS = staffForms({ move: { permission: 'kitchen.manage', schema: ticketMoveSchema } })

export type KitchenIntent = IntentIn<typeof KITCHEN_FORMS>
