import { eq } from 'drizzle-orm'
import { GUEST } from '~/domain/diners'
import type { AddItemsRequest } from '~/domain/schemas/items'
import { isIdLike } from '~/domain/schemas/fields'
import { lineAmountFor, unitsLeft } from '~/domain/bill'
import type {
  AdjustmentForm,
  CloseBillForm,
  RecordPaymentForm,
  RefundForm,
  VoidPaymentForm,
  RefundOutsideForm,
} from '~/domain/schemas/books'
import type { PaymentRequest } from '~/domain/schemas/payments'
import type { Signature } from '~/domain/signature'
import { payableBill } from './bill-reads.server'
import { getDb } from '../db/client.server'
import { tables, type BillItemRow, type PaymentRow } from '../db/schema.server'
import type { Closing } from '../table-session/bill-store.server'
import { tableSessionStub } from '../table-session/stub.server'
import type { StaffOrderer } from '../table-session/orders.server'
import { spend, type RateLimit } from '../http/rate-limit.server'
import {
  billClosed,
  fail,
  tableArchived,
  tableNotFound,
  type WriteFailure,
  type WriteResult,
} from '../table-session/write-failures.server'

/** The open bill a write goes to: the table's current session, unless the writer named one closed since or the table is archived. */
async function openSession(env: Env, tableId: string, sessionId: string | undefined): Promise<string | WriteFailure> {
  const [table] = await getDb(env.DB)
    .select({ sessionId: tables.sessionId, isActive: tables.isActive, archivedAt: tables.archivedAt })
    .from(tables)
    .where(eq(tables.id, tableId))
    .limit(1)
  if (table?.archivedAt != null) return tableArchived()
  if (!table || !table.isActive) return tableNotFound()
  if (sessionId && sessionId !== table.sessionId) return billClosed()
  return table.sessionId
}

/**
 * Where each table's open bill is, as this isolate last saw it, so a write
 * needs no database read to find its bill. A stale entry is harmless: the
 * bill's object checks that it is still the table's open bill and refuses
 * otherwise, having written nothing, and the write is sent again to the bill
 * the database names.
 */
const openBills = new Map<string, string>()
const MAX_REMEMBERED_TABLES = 10_000

function remember(tableId: string, sessionId: string) {
  openBills.delete(tableId)
  openBills.set(tableId, sessionId)
  // Maps keep insertion order: the first key is the table written to least recently.
  if (openBills.size > MAX_REMEMBERED_TABLES) openBills.delete(openBills.keys().next().value as string)
}

async function writeToOpenBill<Written extends object>(
  env: Env,
  tableId: string,
  sessionId: string | undefined,
  write: (sessionId: string) => Promise<WriteResult<Written>>,
): Promise<WriteResult<Written>> {
  if (sessionId) {
    // A writer that names the bill goes straight to it; its object refuses a bill closed since.
    const result = await write(sessionId)
    if (result.ok || (result.code !== 'NOT_FOUND' && result.code !== 'CLOSED')) return result
    // A bill its object never knew, or one closed since: the table decides between 'no such table', 'archived' and 'not its open bill'.
    const open = await openSession(env, tableId, sessionId)
    return typeof open === 'string' ? result : open
  }
  const remembered = openBills.get(tableId)
  if (remembered) {
    const result = await write(remembered)
    if (result.ok || (result.code !== 'CLOSED' && result.code !== 'NOT_FOUND')) return result
    openBills.delete(tableId)
  }
  const open = await openSession(env, tableId, undefined)
  if (typeof open !== 'string') return open
  remember(tableId, open)
  return write(open)
}

/** Whether the signed-in member works for the table's restaurant: only then are their orders not counted. */
async function ownsTable(env: Env, restaurantId: string | null, tableId: string): Promise<boolean> {
  if (!restaurantId) return false
  const [table] = await getDb(env.DB)
    .select({ restaurantId: tables.restaurantId })
    .from(tables)
    .where(eq(tables.id, tableId))
    .limit(1)
  return table?.restaurantId === restaurantId
}

/** Who is ordering: the signed-in member, if any, and the address the request came from. */
interface Orderer {
  staff: StaffOrderer | null
  address: string | null
}

const limited = (limit: RateLimit): WriteFailure => ({ ...fail('RATE_LIMITED', 'Too many requests.'), limit })

/**
 * Records a payment through the TableSession object of the table's open bill,
 * within the allowance of the address it came from. A retry of a payment that
 * went through (a double tap, a reload) is neither counted nor refused: it
 * leads the diner to their confirmation.
 */
export async function recordPayment(env: Env, request: PaymentRequest, address: string | null) {
  // The allowance is kept in D1; D1 being down must not stop a diner from paying, so then the payment goes uncounted.
  const spent = await spend(env, { paymentsPerAddress: address }).catch((error: unknown) => {
    console.error('payment allowance unavailable', error)
    return { ok: true as const, undo: async () => {} }
  })
  if (!spent.ok) {
    // Above the limit, a payment this bill recorded is still answered: asking again is a retry, which only reads it back.
    const replayed = await writeToOpenBill<{ payment: PaymentRow; replayed: boolean }>(
      env,
      request.tableId,
      request.sessionId,
      async (sessionId) => (await tableSessionStub(env, sessionId).replay(sessionId, request)) ?? limited(spent.limit),
    )
    return replayed.ok || replayed.code === 'REUSED_TRANSACTION' ? replayed : limited(spent.limit)
  }
  const result = await writeToOpenBill<{ payment: PaymentRow; replayed: boolean }>(
    env,
    request.tableId,
    request.sessionId,
    async (sessionId) => await tableSessionStub(env, sessionId).pay(sessionId, request),
  )
  if ((result.ok && result.replayed) || (!result.ok && result.code === 'REUSED_TRANSACTION')) await spent.undo()
  return result
}

/**
 * Puts an order's lines on the table's open bill, all or nothing. Lines with
 * their own name and price are taken only from the restaurant's signed-in
 * staff (whose lines are signed by them) or on the public demo table; a
 * diner orders from the menu, within the table's and the address's
 * allowance of orders (the table's own staff are not counted).
 */
export async function addOrder(env: Env, request: AddItemsRequest, orderer: Orderer) {
  const counted = !(await ownsTable(env, orderer.staff?.restaurantId ?? null, request.tableId))
  const spent = counted
    ? await spend(env, { ordersPerTable: request.tableId, ordersPerAddress: orderer.address })
    : null
  if (spent && !spent.ok) return limited(spent.limit)
  const result = await writeToOpenBill<{ lines: BillItemRow[] }>(
    env,
    request.tableId,
    request.sessionId,
    async (sessionId) => await tableSessionStub(env, sessionId).addItems(sessionId, request, orderer.staff),
  )
  // Only orders that reached the bill spend the allowance: a refused one (or a stranger's) must not hold the table back.
  if (spent?.ok && !result.ok) await spent.undo()
  return result
}

/**
 * Closes the table's open bill, if it is still `sessionId`, and opens the
 * next one; answers the new session id. The bill's object decides whether it
 * is still open (D1 may not have heard of a close yet), and refuses to close
 * something unpaid without the reason it is left so.
 */
export async function closeBill(env: Env, tableId: string, sessionId: string, closing: Closing) {
  if (!isIdLike(sessionId)) return tableNotFound()
  return tableSessionStub(env, sessionId).close(sessionId, tableId, closing)
}

/**
 * Closes the table's open bill as the member `by` settles it: what is left,
 * paid in cash or on the terminal, is recorded first, signed by them (for
 * exactly the amount staff were shown: a bill that moved meanwhile is
 * refused and nothing closes); left unpaid, it closes with the reason.
 */
export async function settleAndClose(env: Env, tableId: string, form: CloseBillForm, by: Signature) {
  if ((form.settledBy === 'cash' || form.settledBy === 'terminal') && form.settledAmount && form.transactionId) {
    const paid = await recordStaffPayment(
      env,
      tableId,
      {
        sessionId: form.sessionId,
        transactionId: form.transactionId,
        mode: 'full',
        amount: form.settledAmount,
        units: [],
        tip: 0,
        method: form.settledBy,
        cardFunding: form.settledBy === 'terminal' ? form.cardFunding : null,
        cashReceived: null,
        register: form.register,
        due: null,
      },
      by,
    )
    if (!paid.ok) return paid
  }
  return closeBill(env, tableId, form.sessionId, {
    by,
    unpaidReason: form.settledBy === 'unpaid' || !form.settledBy ? form.unpaidReason : null,
  })
}

/**
 * Records money the member `by` took at the table (cash, the terminal) on
 * its open bill `form.sessionId`, through the same payment path as a
 * diner's: the object checks it against the bill as it is now, with every
 * payment in progress counted. Units are priced as the bill prices them now;
 * the whole rest and an amount are what staff were shown or typed.
 */
export async function recordStaffPayment(env: Env, tableId: string, form: RecordPaymentForm, by: Signature) {
  const stub = tableSessionStub(env, form.sessionId)
  let amount = form.amount ?? 0
  if (form.mode === 'items') {
    const bill = await stub.read(form.sessionId)
    if (!bill || bill.closedAt !== null) return billClosed()
    const payable = payableBill(bill)
    const byId = new Map(payable.lines.map((line) => [line.id, line]))
    amount = Math.min(
      form.units.reduce((sum, unit) => {
        const line = byId.get(unit.itemId)
        return sum + (line ? lineAmountFor(line, Math.min(unit.quantity, unitsLeft(line))) : 0)
      }, 0),
      payable.totals.remaining,
    )
    if (amount <= 0) return fail('ITEM_TAKEN', 'Those items are already paid.')
  }
  const request: PaymentRequest = {
    tableId,
    sessionId: form.sessionId,
    amount,
    tipAmount: form.tip,
    paymentMethod: form.method,
    paymentType: form.mode === 'full' ? 'full' : form.mode === 'items' ? 'item' : 'split',
    customerName: GUEST,
    transactionId: form.transactionId,
    recordedBy: by.name,
    recordedById: by.userId,
    ...(form.mode === 'items'
      ? {
          itemIds: form.units.map((unit) => unit.itemId),
          itemQuantities: Object.fromEntries(form.units.map((unit) => [unit.itemId, unit.quantity])),
        }
      : {}),
    ...(form.cashReceived !== null ? { cashReceivedCents: form.cashReceived } : {}),
    ...(form.method === 'cash' && form.register ? { registerId: form.register } : {}),
    ...(form.method === 'terminal' && form.cardFunding ? { cardFunding: form.cardFunding } : {}),
    // Never more than the page showed for the rest: a tax setting changed meanwhile refuses it as a bill that changed.
    ...(form.mode === 'full' && form.due !== null ? { total: form.due + form.tip } : {}),
  }
  return stub.pay(form.sessionId, request)
}

/** Voids or comps unpaid units of a line of the table's open bill `form.sessionId`, signed by the member `by`. */
export function adjustLine(env: Env, tableId: string, form: AdjustmentForm, by: Signature) {
  return tableSessionStub(env, form.sessionId).adjust(form.sessionId, tableId, {
    kind: form.kind,
    lineId: form.lineId,
    quantity: form.quantity,
    reason: form.reason,
    by,
  })
}

/** Records as given back outside Mesa a refund of the table's bill `form.sessionId` that failed, signed by the member `by`. */
export function settleRefundOutside(env: Env, tableId: string, form: RefundOutsideForm, by: Signature) {
  return tableSessionStub(env, form.sessionId).settleRefundOutside(form.sessionId, tableId, form.refundId, form.way, by)
}

const refundRequest = (form: RefundForm, by: Signature) => ({
  paymentId: form.paymentId,
  units: form.units,
  amountCents: form.amount,
  tipCents: form.tip,
  reason: form.reason,
  by,
  confirmedCents: form.confirmedTotal,
})

/**
 * Gives back money of a payment on the table's bill `form.sessionId`,
 * through the payment's provider, signed by the member `by`, once they
 * confirmed what it gives back (`confirmedTotal`); refused if it now comes
 * to anything else.
 */
export function refundPayment(env: Env, tableId: string, form: RefundForm & { confirmedTotal: number }, by: Signature) {
  return tableSessionStub(env, form.sessionId).refund(form.sessionId, tableId, refundRequest(form, by))
}

/** Undoes a payment the member `by` recorded by mistake on the table's bill `form.sessionId` (voidRefusal says when they may). */
export function voidPayment(env: Env, tableId: string, form: VoidPaymentForm, by: Signature) {
  return tableSessionStub(env, form.sessionId).voidPayment(form.sessionId, tableId, {
    paymentId: form.paymentId,
    reason: form.reason,
    by,
  })
}

/** What a refund of the form would give back, for the member to confirm before the money moves; nothing is written. */
export function previewRefund(env: Env, tableId: string, form: RefundForm, by: Signature) {
  return tableSessionStub(env, form.sessionId).previewRefund(form.sessionId, tableId, refundRequest(form, by))
}
