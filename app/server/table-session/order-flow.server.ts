import { newOrderId } from '~/domain/ids'
import { sumCents } from '~/domain/money'
import type { AddItemsRequest } from '~/domain/schemas/items'
import type { BillItemRow } from '../db/schema.server'
import type { WriteResult } from './write-failures.server'
import { appEnv } from '../env.server'
import type { BillCore } from './bill-core.server'
import { adjustmentOf, type AdjustmentRequest } from './books.server'
import { menuEntries, orderLines, type StaffOrderer } from './orders.server'

/**
 * The bill's lines: orders added (all of an order or none) and units voided
 * or comped by staff, each in the bill's turn against the bill as it is.
 */
export class OrderFlow {
  constructor(private readonly bill: BillCore) {}

  /** Adds an order's lines to the bill; `staff` is the signed-in member who sends it, if any (a line of the table's own staff is signed by them). */
  async addItems(
    sessionId: string,
    request: AddItemsRequest,
    staff: StaffOrderer | null,
  ): Promise<WriteResult<{ lines: BillItemRow[] }>> {
    const found = await this.bill.header(sessionId)
    if (!found) return this.bill.notOpen(sessionId)
    // The menu is read before taking the bill's turn: only the commit needs the bill to stand still.
    const menu = await menuEntries(this.bill.db, found.table.restaurantId, [
      ...new Set(request.items.flatMap((item) => (item.menuItemId ? [item.menuItemId] : []))),
    ])
    return this.bill.serially(async () => {
      // An order sent again (a retry, a second tap) is answered as it was, even once the bill has closed.
      const earlier = request.orderId ? this.bill.store.orders.replay(request.orderId) : null
      if (earlier) return { ok: true as const, lines: earlier }
      return this.bill.apply(sessionId, { tableId: request.tableId }, (header) => {
        // A staff screen that sends one dish at a time gives no id: each send is its own order.
        const orderId = request.orderId ?? newOrderId()
        const order = orderLines(
          menu,
          sessionId,
          header.table,
          request,
          staff,
          { openLines: this.bill.store.openLineCount(), maxOpenLines: appEnv(this.bill.env).MAX_OPEN_LINES },
          orderId,
        )
        if (!order.ok) return order
        const [first] = order.lines
        const sentBy = first?.addedById ? { userId: first.addedById, name: first.addedBy ?? '' } : null
        const taken = { id: orderId, createdAt: first?.createdAt ?? Date.now(), lines: order.lines, sentBy }
        return {
          answer: { lines: order.lines },
          commit: () => this.bill.store.addLines(taken, header.table.restaurantId),
          news: {
            heard: 'ledger',
            change: 'items',
            amountCents: sumCents(order.lines.map((line) => line.priceCents)),
            ref: orderId,
            order: { id: orderId, step: 'new', sentBy: sentBy?.name ?? null, sentById: sentBy?.userId ?? null },
          },
        }
      })
    })
  }

  /**
   * Voids or comps unpaid units of a line, for staff (see planAdjustment):
   * against the bill with every payment in progress counted, so a unit a
   * diner is paying cannot be voided under them.
   */
  adjust(
    sessionId: string,
    tableId: string,
    request: AdjustmentRequest,
  ): Promise<WriteResult<{ amountCents: number }>> {
    return this.bill.write(sessionId, { tableId }, (header) => {
      const now = Date.now()
      const state = this.bill.store.state()
      const holds = this.bill.store.holds.standing(now).map((row) => row.hold)
      const made = adjustmentOf(state, holds, header, request, now)
      if (!made.ok) return made
      return {
        answer: { amountCents: made.row.amountCents },
        commit: () => this.bill.store.addAdjustment(made.row, state.lines, made.after),
        news: { heard: 'ledger', change: 'adjusted', amountCents: made.row.amountCents },
      }
    })
  }
}
