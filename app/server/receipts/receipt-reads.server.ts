import { and, asc, eq, lt, or, sql } from 'drizzle-orm'
import { isIdLike } from '~/domain/ids'
import { movedMoney } from '~/domain/fiscal'
import { isCardFunding, receiptFigures, paymentReference, type PaidCard, type Receipt } from '~/domain/receipt'
import { restaurantTimeZone } from '~/domain/local-time'
import { paidLinesOf } from '~/domain/bill'
import { paidWhat } from '~/domain/payment-words'
import { billTableColumns } from '../table-session/open-bill.server'
import { ledgerOfBill, type Ledger } from '../books/ledger.server'
import {
  billItems,
  disputes,
  payments,
  receipts,
  refunds,
  refundStands,
  restaurants,
  tables,
  type PaymentRow,
} from '../db/schema.server'
import { settlingProvider } from '../payments/provider.server'
import { simulatedStandsIn } from '../env.server'
import { tableSessionStub } from '../table-session/stub.server'

/** A receipt link's secret half: the payment's receipt token (newToken). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** The link to a payment's receipt: the bill and the payment's token; valid as long as the ledger keeps the payment. */
export const receiptPath = (sessionId: string, token: string) => `/customer/receipt/${sessionId}/${token}`

/** The folios of a bill's receipts, by payment: the ones the ledger has made so far. */
export async function foliosOfBill({ db }: Ledger, sessionId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ paymentId: receipts.paymentId, folio: receipts.folio })
    .from(receipts)
    .innerJoin(payments, eq(payments.id, receipts.paymentId))
    .where(eq(payments.sessionId, sessionId))
  return new Map(rows.map((row) => [row.paymentId, row.folio]))
}

const paymentByToken = ({ db }: Ledger, sessionId: string, token: string) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.sessionId, sessionId), eq(payments.receiptToken, token)))
    .limit(1)

/**
 * The receipt at receiptPath, or null when no payment of that bill has that
 * token. What the bill's object committed and has not given the ledger yet
 * (a receipt opened the moment it was paid, a refund just made) is given it
 * first. The card is asked of the provider once, and kept.
 */
export async function readReceipt(env: Env, sessionId: string, token: string): Promise<Receipt | null> {
  if (!isIdLike(sessionId) || !TOKEN.test(token)) return null
  const ledger = await ledgerOfBill(env, sessionId)
  if (!ledger) return null
  await tableSessionStub(env, sessionId).toLedger(sessionId)
  const [payment] = await paymentByToken(ledger, sessionId, token)
  return payment ? receiptOf(env, ledger, payment) : null
}

/** The receipt of the payment `paymentId` of a bill of the table `tableId` (staff resend it from the table's page). */
export async function staffReceipt(
  env: Env,
  ledger: Ledger,
  tableId: string,
  sessionId: string,
  paymentId: string,
): Promise<Receipt | null> {
  if (!isIdLike(sessionId) || !isIdLike(paymentId)) return null
  await tableSessionStub(env, sessionId).toLedger(sessionId)
  const [payment] = await ledger.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.sessionId, sessionId), eq(payments.tableId, tableId)))
    .limit(1)
  return payment ? receiptOf(env, ledger, payment) : null
}

/** The receipt of a payment the ledger holds. */
export async function receiptOf(env: Env, ledger: Ledger, payment: PaymentRow): Promise<Receipt | null> {
  const { db } = ledger
  const [place, lines, given, held, [receipt], before] = await db.batch([
    db
      .select({
        ...billTableColumns,
        address: restaurants.restaurantAddress,
        rfc: restaurants.rfc,
        legalName: restaurants.legalName,
        timeZone: restaurants.timeZone,
      })
      .from(tables)
      .innerJoin(restaurants, eq(restaurants.id, tables.restaurantId))
      .where(and(eq(tables.id, payment.tableId), eq(tables.restaurantId, ledger.restaurantId)))
      .limit(1),
    db
      .select({
        id: billItems.id,
        name: billItems.name,
        quantity: billItems.quantity,
        priceCents: billItems.priceCents,
      })
      .from(billItems)
      .where(eq(billItems.sessionId, payment.sessionId))
      .orderBy(asc(billItems.createdAt)),
    db
      .select({
        amountCents: refunds.amountCents,
        taxCents: refunds.taxCents,
        tipCents: refunds.tipCents,
        createdAt: refunds.createdAt,
      })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), refundStands))
      .orderBy(asc(refunds.createdAt)),
    db
      .select({ amountCents: disputes.amountCents, status: disputes.status })
      .from(disputes)
      .where(eq(disputes.paymentId, payment.id)),
    db.select().from(receipts).where(eq(receipts.paymentId, payment.id)).limit(1),
    // The bill's payments before it: what it paid is named after them (the whole bill, or the rest; which share).
    db
      .select({
        paymentType: payments.paymentType,
        splitCount: payments.splitCount,
        splitShares: payments.splitShares,
      })
      .from(payments)
      .where(
        and(
          eq(payments.sessionId, payment.sessionId),
          or(
            lt(payments.createdAt, payment.createdAt),
            and(
              eq(payments.createdAt, payment.createdAt),
              lt(sql`rowid`, sql`(SELECT rowid FROM payments WHERE id = ${payment.id})`),
            ),
          ),
        ),
      ),
  ])
  const [table] = place
  if (!table || !receipt) return null
  const names = new Map(lines.map((line) => [line.id, line.name]))
  const paid = paidWhat(payment, before)
  // A bill paid whole in one payment lists its lines; the rest of a bill others paid part of says only that.
  const paidLines =
    paid.kind === 'items'
      ? paidLinesOf(payment).map((line) => ({ ...line, name: names.get(line.itemId) ?? '' }))
      : paid.kind === 'whole'
        ? lines.map((line) => ({ name: line.name, quantity: line.quantity, amountCents: line.priceCents }))
        : []
  return {
    restaurantId: ledger.restaurantId,
    sessionId: payment.sessionId,
    token: payment.receiptToken ?? '',
    paymentId: payment.id,
    folio: receipt.folio,
    restaurant: {
      name: table.restaurantName ?? '',
      address: table.address,
      rfc: table.rfc,
      legalName: table.legalName,
    },
    table: { tableNumber: table.tableNumber, tableName: table.tableName },
    paidAt: payment.createdAt,
    timeZone: restaurantTimeZone(table.timeZone),
    payerName: payment.customerName,
    method: payment.paymentMethod,
    taxRateBps: payment.taxRateBps ?? table.taxRateBps,
    card: await cardOf(env, ledger, payment, receipt, table),
    reference: paymentReference(payment.transactionId),
    figures: receiptFigures(
      {
        amountCents: payment.amountCents,
        taxCents: payment.taxCents,
        tipCents: payment.tipCents,
        taxRateBps: payment.taxRateBps,
        paid,
        method: payment.paymentMethod,
        lines: paidLines,
        cashReceivedCents: payment.cashReceivedCents,
      },
      given,
      table.taxRateBps,
    ),
    movedMoney: movedMoney(payment, simulatedStandsIn(env)),
    inGlobalInvoice: receipt.facturapiStatus === 'invoiced_globally',
    facturaUntil: receipt.facturapiExpiresAt,
    disputes: held,
  }
}

/**
 * The card that paid `payment`, asked of its provider once and kept on its
 * receipt (null for cash, a terminal, or a card the provider does not
 * know): its CFDI's forma de pago follows how the card is funded.
 */
export async function cardOfPayment(env: Env, ledger: Ledger, payment: PaymentRow): Promise<PaidCard | null> {
  const [[receipt], [table]] = await ledger.db.batch([
    ledger.db.select().from(receipts).where(eq(receipts.paymentId, payment.id)).limit(1),
    ledger.db
      .select(billTableColumns)
      .from(tables)
      .innerJoin(restaurants, eq(restaurants.id, tables.restaurantId))
      .where(and(eq(tables.id, payment.tableId), eq(tables.restaurantId, ledger.restaurantId)))
      .limit(1),
  ])
  return receipt && table ? cardOf(env, ledger, payment, receipt, table) : null
}

/** The card that paid, asked of the provider the first time a receipt is shown and kept on it (it may know none). */
async function cardOf(
  env: Env,
  { db }: Ledger,
  payment: PaymentRow,
  receipt: typeof receipts.$inferSelect,
  table: Parameters<typeof settlingProvider>[2],
): Promise<PaidCard | null> {
  if (receipt.cardLast4)
    return {
      brand: receipt.cardBrand ?? 'card',
      last4: receipt.cardLast4,
      funding: isCardFunding(receipt.cardFunding) ? receipt.cardFunding : 'unknown',
    }
  if (receipt.cardAskedAt !== null || !payment.providerReference) return null
  const provider = settlingProvider(env, payment.sessionId, table, payment.provider)
  const card = await provider?.cardOf(payment.providerReference).catch((error: unknown) => {
    // Asked again with the next look at the receipt.
    console.error(`card of payment ${payment.id} not known yet: ${String(error)}`)
    return undefined
  })
  if (card === undefined) return null
  await db
    .update(receipts)
    .set({
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      // A provider that knows no card leaves what staff said of the terminal's.
      cardFunding: card?.funding ?? receipt.cardFunding,
      cardAskedAt: Date.now(),
    })
    .where(eq(receipts.paymentId, payment.id))
  return card
}
