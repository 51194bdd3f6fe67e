import { z } from './zod'
import { TICKET_STEPS, type TicketRequest } from '../kitchen'
import { idString } from './fields'

const step = z.enum(TICKET_STEPS, { error: 'admin.kitchen.errors.step' })

/** A tap on a kitchen ticket: move it on to `to`, or undo the step it showed (`undoFrom`); one of the two. */
export const ticketRequestSchema = z.union([
  z.object({ to: step, undoFrom: z.never().optional() }).transform(({ to }): TicketRequest => ({ to })),
  z.object({ undoFrom: step, to: z.never().optional() }).transform(({ undoFrom }): TicketRequest => ({ undoFrom })),
])

/** The board's form: the tap, and which ticket. */
export const ticketMoveSchema = z
  .object({ ticketId: idString('ticketId') })
  .and(ticketRequestSchema)
  .transform(({ ticketId, ...request }) => ({ ticketId, request: request as TicketRequest }))
