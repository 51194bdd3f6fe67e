import { and, asc, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { TicketLine, TicketMove, TicketRequest, TicketStep } from '~/domain/kitchen'
import type { Signature } from '~/domain/signature'
import type { Ledger } from '../books/ledger.server'
import { billAdjustments, kitchenTickets, tables } from '../db/schema.server'
import { fail, type WriteResult } from '../table-session/write-failures.server'
import { tableSessionStub } from '../table-session/stub.server'

/** How long a served ticket stays in the board's last column: long enough to undo a wrong tap, short enough to stay clear. */
const SERVED_SHOWN_MS = 30 * 60_000

/** A ticket as the board shows it: its table, who sent it, its lines with the voids since, its step and moves. */
export interface BoardTicket {
  id: string
  sessionId: string
  tableId: string
  tableNumber: string
  tableName: string | null
  createdAt: number
  sentBy: string | null
  step: TicketStep
  stepAt: number
  lines: TicketLine[]
  moves: TicketMove[]
}

/**
 * The restaurant's kitchen board: every ticket not yet served, and those
 * served in the last SERVED_SHOWN_MS, oldest first. A unit voided off the
 * bill after its order shows on its ticket line, so the kitchen stops
 * making it.
 */
export function readKitchenBoard(ledger: Ledger, now: number): Promise<BoardTicket[]> {
  return ticketsWhere(ledger, or(ne(kitchenTickets.step, 'served'), gt(kitchenTickets.stepAt, now - SERVED_SHOWN_MS)))
}

/** One of the restaurant's tickets (to print it); null for one it does not have. */
export async function readKitchenTicket(ledger: Ledger, ticketId: string): Promise<BoardTicket | null> {
  return (await ticketsWhere(ledger, eq(kitchenTickets.id, ticketId)))[0] ?? null
}

async function ticketsWhere(ledger: Ledger, which: SQL | undefined): Promise<BoardTicket[]> {
  const shown = and(eq(kitchenTickets.restaurantId, ledger.restaurantId), which)
  const rows = await ledger.db
    .select({
      id: kitchenTickets.id,
      sessionId: kitchenTickets.sessionId,
      tableId: kitchenTickets.tableId,
      tableNumber: tables.tableNumber,
      tableName: tables.tableName,
      createdAt: kitchenTickets.createdAt,
      sentBy: kitchenTickets.sentBy,
      step: kitchenTickets.step,
      stepAt: kitchenTickets.stepAt,
      lines: kitchenTickets.lines,
      moves: kitchenTickets.moves,
    })
    .from(kitchenTickets)
    .innerJoin(tables, eq(tables.id, kitchenTickets.tableId))
    .where(shown)
    .orderBy(asc(kitchenTickets.createdAt))
  if (rows.length === 0) return []
  const voids = await ledger.db
    .select({ lineId: billAdjustments.lineId, units: sql<number>`sum(${billAdjustments.quantity})` })
    .from(billAdjustments)
    .where(
      and(
        eq(billAdjustments.kind, 'void'),
        inArray(
          billAdjustments.sessionId,
          ledger.db.selectDistinct({ sessionId: kitchenTickets.sessionId }).from(kitchenTickets).where(shown),
        ),
      ),
    )
    .groupBy(billAdjustments.lineId)
  const voided = new Map(voids.map((row) => [row.lineId, row.units]))
  return rows.map((row) => ({
    ...row,
    lines: (JSON.parse(row.lines) as TicketLine[]).map((line) => ({ ...line, voided: voided.get(line.lineId) ?? 0 })),
    moves: JSON.parse(row.moves) as TicketMove[],
  }))
}

/**
 * Moves one of the restaurant's tickets, signed by the member who taps: the
 * ledger says which bill the order is on (another restaurant's ticket is not
 * found), and the bill's object, which owns the order, moves it.
 */
export async function moveKitchenTicket(
  env: Env,
  ledger: Ledger,
  ticketId: string,
  request: TicketRequest,
  by: Signature,
): Promise<WriteResult<{ step: TicketStep; changed: boolean }>> {
  const [ticket] = await ledger.db
    .select({ sessionId: kitchenTickets.sessionId })
    .from(kitchenTickets)
    .where(and(eq(kitchenTickets.id, ticketId), eq(kitchenTickets.restaurantId, ledger.restaurantId)))
    .limit(1)
  if (!ticket) return fail('NOT_FOUND', 'No such ticket in this restaurant.')
  return tableSessionStub(env, ticket.sessionId).moveTicket(ticket.sessionId, ticketId, request, by)
}
