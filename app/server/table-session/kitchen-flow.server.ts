import { moveTicket, type TicketRequest, type TicketStep } from '~/domain/kitchen'
import { refs } from '~/domain/live'
import type { Signature } from '~/domain/signature'
import { fail, type WriteResult } from './write-failures.server'
import type { BillCore } from './bill-core.server'

const NO_ORDER = () => fail('NOT_FOUND', 'This order is not on this bill.')

/** The bill's orders on the kitchen board. A closed bill's orders are still the kitchen's: a table may pay before its last dish is served. */
export class KitchenFlow {
  constructor(private readonly bill: BillCore) {}

  /** Moves one order on the board (see moveTicket); two taps at once are taken one after the other. */
  moveTicket(
    sessionId: string,
    orderId: string,
    request: TicketRequest,
    by: Signature,
  ): Promise<WriteResult<{ step: TicketStep; changed: boolean }>> {
    return this.bill.write(sessionId, { missing: NO_ORDER() }, () => {
      const ticket = this.bill.store.orders.ticket(orderId)
      if (!ticket) return NO_ORDER()
      const moved = moveTicket(ticket.step, request, by, Date.now())
      if (!moved.ok) return fail(moved.code, moved.message)
      const answer = { step: moved.step, changed: moved.changed }
      if (!moved.changed) return { answer }
      return {
        answer,
        commit: () => this.bill.store.orders.move(orderId, moved.move, ticket.moves),
        news: {
          heard: 'ledger',
          change: 'ticket',
          amountCents: null,
          ref: refs.ticket(orderId, moved.move.at),
          by: by.userId,
          order: { id: orderId, step: moved.step, sentBy: ticket.sentBy, sentById: ticket.sentById },
        },
      }
    })
  }
}
