import { asc, eq } from 'drizzle-orm'
import { ticketLineOf, type TicketMove, type TicketStep } from '~/domain/kitchen'
import type { Signature } from '~/domain/signature'
import type { BillItemRow } from '../db/schema.server'
import type { OutboxStore } from './outbox-store.server'
import { orders } from './schema.server'
import type { ObjectDb } from './storage.server'

/** An order the bill takes: its id, when, its lines as they were added, and the member who sent it (null: a diner). */
export interface TakenOrder {
  id: string
  createdAt: number
  lines: BillItemRow[]
  sentBy: Signature | null
}

/** An order as the diners' screen shows it: when, what, and where the kitchen has it. */
export interface OrderProgress {
  id: string
  createdAt: number
  step: TicketStep
  stepAt: number
  items: { name: string; nameEn: string | null; quantity: number }[]
}

/**
 * The bill's orders, each the kitchen's ticket: taken with the lines they
 * add (the ticket goes to D1's kitchen board through the outbox, as the
 * lines do), answered again to a retry, and moved on by the kitchen.
 */
export class OrderStore {
  constructor(
    private readonly db: ObjectDb,
    private readonly outbox: OutboxStore,
  ) {}

  take(order: TakenOrder, bill: { restaurantId: string; tableId: string; sessionId: string }) {
    const ticket = {
      id: order.id,
      createdAt: order.createdAt,
      sentBy: order.sentBy?.name ?? null,
      sentById: order.sentBy?.userId ?? null,
      step: 'new' as const,
      stepAt: order.createdAt,
      moves: '[]',
    }
    this.db
      .insert(orders)
      .values({ ...ticket, items: JSON.stringify(order.lines) })
      .run()
    this.outbox.add({
      kind: 'ticket',
      body: { ...ticket, ...bill, lines: JSON.stringify(order.lines.map(ticketLineOf)) },
    })
  }

  /** The lines the order `id` added, as they were then; null for an order this bill has not taken. */
  replay(id: string): BillItemRow[] | null {
    const row = this.db.select({ items: orders.items }).from(orders).where(eq(orders.id, id)).get()
    return row ? (JSON.parse(row.items) as BillItemRow[]) : null
  }

  /** Where the order `id` is, with its moves so far; null for an order this bill has not taken. */
  ticket(id: string): { step: TicketStep; moves: TicketMove[]; sentBy: string | null; sentById: string | null } | null {
    const row = this.db
      .select({ step: orders.step, moves: orders.moves, sentBy: orders.sentBy, sentById: orders.sentById })
      .from(orders)
      .where(eq(orders.id, id))
      .get()
    return row ? { ...row, moves: JSON.parse(row.moves) as TicketMove[] } : null
  }

  move(id: string, move: TicketMove, moves: readonly TicketMove[]) {
    const changed = { step: move.step, stepAt: move.at, moves: JSON.stringify([...moves, move]) }
    this.db.update(orders).set(changed).where(eq(orders.id, id)).run()
    this.outbox.add({ kind: 'ticket-step', body: { id, ...changed } })
  }

  /** The bill's orders, oldest first, as the diners follow them. */
  progress(): OrderProgress[] {
    return this.db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        step: orders.step,
        stepAt: orders.stepAt,
        items: orders.items,
      })
      .from(orders)
      .orderBy(asc(orders.createdAt))
      .all()
      .map(({ items, ...order }) => ({
        ...order,
        items: (JSON.parse(items) as BillItemRow[]).map((item) => ({
          name: item.name,
          nameEn: item.nameEn,
          quantity: item.quantity,
        })),
      }))
  }
}
