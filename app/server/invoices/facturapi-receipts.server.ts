import type Facturapi from 'facturapi'
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import { billPart, type LedgerMethod } from '~/domain/bill'
import { isCardFunding, type CardFunding, type PaidCard, type Receipt } from '~/domain/receipt'
import { paymentFormOf, RESTAURANT_CONCEPT } from '~/domain/cfdi'
import { movedMoney } from '~/domain/fiscal'
import { invoiceableCents } from '~/domain/invoices'
import type { Ledger } from '../books/ledger.server'
import { payments, receipts, refunds, type PaymentRow } from '../db/schema.server'
import { madeUnderKey, oneConcept } from './facturapi.server'

/*
 * Each payment gets a Facturapi receipt (recibo) for what it consumed and
 * still keeps: made as it lands, made again after a refund, and cancelled
 * when nothing is left. A diner's factura invoices that receipt, and the
 * receipts nobody invoiced go into the period's factura global.
 */

/** What the whole consumption is called on a receipt and its invoice: the tip is never in it. */
const CONCEPT = 'Consumo de alimentos y bebidas'

export interface ReceiptSubject {
  paymentId: string
  method: LedgerMethod
  taxRateBps: number | null
  /** When it was paid: the receipt's date, which puts it in its factura global's period. */
  paidAt: number
  /** How the card that paid is funded, when known (its receipt may know it from before). */
  funding: CardFunding | null
}

/** What a payment's Facturapi receipt is made of, read off Mesa's own receipt. */
export const subjectOf = (receipt: Receipt): ReceiptSubject => ({
  paymentId: receipt.paymentId,
  method: receipt.method,
  taxRateBps: receipt.taxRateBps,
  paidAt: receipt.paidAt,
  funding: receipt.card?.funding ?? null,
})

/**
 * What a payment keeps now: its consumption with its IVA (never the tip),
 * less what its standing refunds gave back of it, and how many refunds were
 * ever recorded on it, failed ones too: each state of the payment gets its
 * own receipt key, so a refund that came back undone does not meet the key
 * of the receipt made before it.
 */
async function keptOf({ db }: Ledger, paymentId: string): Promise<{ cents: number; version: number } | null> {
  const [paid, given] = await db.batch([
    db
      .select({ amountCents: payments.amountCents, taxCents: payments.taxCents })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .limit(1),
    db
      .select({ amountCents: refunds.amountCents, taxCents: refunds.taxCents, failedAt: refunds.failedAt })
      .from(refunds)
      .where(eq(refunds.paymentId, paymentId)),
  ])
  const [payment] = paid
  return payment ? keptFrom(payment, given) : null
}

/** What a payment keeps (see keptOf), from it and every refund ever recorded on it. */
function keptFrom(
  payment: { amountCents: number; taxCents: number },
  given: readonly { amountCents: number; taxCents: number; failedAt: number | null }[],
) {
  const standing = given.filter((refund) => refund.failedAt === null)
  return { cents: invoiceableCents(payment, standing), version: given.length }
}

/** Whether a receipt's status says it was invoiced (to its diner, or in a global): it can no longer be cancelled. */
const invoicedStatus = (status: string | null) => status === 'invoiced_to_customer' || status === 'invoiced_globally'

/**
 * The payment's Facturapi receipt for what it keeps now (keptOf): the one
 * made before while that still holds; one made for more, before a refund,
 * is cancelled and made again for what is left (nothing left: only
 * cancelled, so the diner cannot invoice a sale given back). Made under an
 * idempotency key naming the payment, the amount and its refunds' count; a
 * lost answer is found again by the payment's id, its SKU. Null for a
 * payment the ledger does not have.
 */
export async function facturapiReceipt(
  ledger: Ledger,
  client: Facturapi,
  subject: ReceiptSubject,
): Promise<{ id: string; status: string } | null> {
  // A refund that lands while a receipt is being made finds it claimed and leaves it; what is kept is read again
  // after writing, so the maker follows the refund.
  for (let round = 0; ; round += 1) {
    const now = await keptOf(ledger, subject.paymentId)
    if (!now) return null
    const made = await receiptFor(ledger, client, subject, now)
    if (made === CHANGED) {
      // Held by another request (the hub making it as the payment lands, while its diner asks for a factura): given
      // the moment Facturapi takes to answer it, before this one gives up and leaves it for later.
      if (round < CHANGED_WAITS_MS.length) {
        await new Promise((resolve) => setTimeout(resolve, CHANGED_WAITS_MS[round]))
        continue
      }
      throw new Error(`the Facturapi receipt of payment ${subject.paymentId} is being made by another request`)
    }
    const after = await keptOf(ledger, subject.paymentId)
    if (round >= 2 || (after?.cents === now.cents && after.version === now.version)) return made
  }
}

/** Another request changed or holds the payment's receipt between reading and claiming it: read again. */
const CHANGED = Symbol('changed')
/** How long to wait before each new read of a receipt another request holds: 2 s in all. */
const CHANGED_WAITS_MS = [200, 400, 600, 800]
/** How long one request holds a payment's receipt while Facturapi is asked; past it, its answer is taken as lost. */
const RECEIPT_CLAIM_MS = 30_000

async function receiptFor(
  ledger: Ledger,
  client: Facturapi,
  subject: ReceiptSubject,
  { cents, version }: { cents: number; version: number },
): Promise<{ id: string; status: string } | null | typeof CHANGED> {
  const [kept] = await ledger.db.select().from(receipts).where(eq(receipts.paymentId, subject.paymentId)).limit(1)
  const made = kept?.facturapiReceiptId ?? null
  const status = kept?.facturapiStatus ?? null
  // Invoiced already (to the diner or in a global): what a refund changes there is a document after it, not a new receipt.
  if (made && invoicedStatus(status)) return { id: made, status }
  if (made && status === 'open' && kept?.facturapiCents === cents) {
    // It covers what is kept already (a refund that came back undone, say): it now stands for this state too.
    if (kept.facturapiVersion !== version)
      await ledger.db
        .update(receipts)
        .set({ facturapiVersion: version })
        .where(and(eq(receipts.paymentId, subject.paymentId), eq(receipts.facturapiReceiptId, made)))
    return { id: made, status }
  }
  if (!kept) return null
  // Claimed for this request alone, as it was read: a receipt being asked by another (within its claim) is left to it.
  const claimedAt = Date.now()
  const [claimed] = await ledger.db
    .update(receipts)
    .set({ facturapiStatus: 'asked', facturapiAskedAt: claimedAt })
    .where(
      and(
        eq(receipts.paymentId, subject.paymentId),
        made === null ? isNull(receipts.facturapiReceiptId) : eq(receipts.facturapiReceiptId, made),
        status === null ? isNull(receipts.facturapiStatus) : eq(receipts.facturapiStatus, status),
        status === 'asked'
          ? or(isNull(receipts.facturapiAskedAt), lt(receipts.facturapiAskedAt, claimedAt - RECEIPT_CLAIM_MS))
          : undefined,
      ),
    )
    .returning({ paymentId: receipts.paymentId })
  if (!claimed) return CHANGED
  return askFacturapi(ledger, client, subject, { cents, version }, { made, status, funding: kept.cardFunding }).catch(
    async (error: unknown) => {
      // This request's ask is over (refused, or its answer lost): the next one need not wait out the claim to look.
      await ledger.db
        .update(receipts)
        .set({ facturapiAskedAt: 0 })
        .where(and(eq(receipts.paymentId, subject.paymentId), eq(receipts.facturapiAskedAt, claimedAt)))
      throw error
    },
  )
}

/** Under the claim: the old receipt cancelled, one whose answer was lost found, and the receipt for what is kept made. */
async function askFacturapi(
  ledger: Ledger,
  client: Facturapi,
  subject: ReceiptSubject,
  { cents, version }: { cents: number; version: number },
  { made, status, funding }: { made: string | null; status: string | null; funding: string | null },
): Promise<{ id: string; status: string } | null> {
  const record = (receipt: { id: string; status: string; expires_at: Date | string }) =>
    ledger.db
      .update(receipts)
      .set({
        facturapiReceiptId: receipt.id,
        facturapiCents: cents,
        facturapiVersion: version,
        facturapiStatus: receipt.status,
        facturapiExpiresAt: new Date(receipt.expires_at).getTime(),
      })
      .where(eq(receipts.paymentId, subject.paymentId))
  const key = `${subject.paymentId}:${cents}:${version}`
  const markAs = (now: string) =>
    ledger.db.update(receipts).set({ facturapiStatus: now }).where(eq(receipts.paymentId, subject.paymentId))
  if (made && status === 'open') {
    const now = await cancelReceipt(client, made)
    // Invoiced meanwhile (a factura whose answer was lost): what a refund changes there is a document after it.
    if (now !== 'canceled') {
      await markAs(now)
      return { id: made, status: now }
    }
  }
  if (status === 'asked') {
    // A receipt asked for before whose answer never came may stand open: the one for what is kept now is taken, any other cancelled.
    const found = await client.receipts.list({ q: subject.paymentId })
    const lost = found.data.filter((each) => each.external_id === subject.paymentId && each.status === 'open')
    for (const each of lost) if (each.idempotency_key !== key || cents === 0) await cancelReceipt(client, each.id)
    const same = lost.find((each) => each.idempotency_key === key && cents > 0)
    if (same) {
      await record(same)
      return { id: same.id, status: same.status }
    }
  }
  if (cents === 0) {
    await markAs('canceled')
    return made ? { id: made, status: 'canceled' } : null
  }
  // Claimed as `asked` before asking: an answer that never comes leaves a receipt Facturapi may hold, found above next time.
  const { form, guessed } = paymentFormOf(subject.method, subject.funding ?? (isCardFunding(funding) ? funding : null))
  if (guessed)
    console.warn(
      `payment ${subject.paymentId} (${subject.method}) stamped as paid by credit card: its funding is not known`,
    )
  const receipt = await client.receipts
    .create({
      payment_form: form,
      date: new Date(subject.paidAt).toISOString(),
      external_id: subject.paymentId,
      idempotency_key: key,
      items: [
        oneConcept({
          description: CONCEPT,
          ...RESTAURANT_CONCEPT,
          cents,
          taxRateBps: subject.taxRateBps,
          sku: subject.paymentId,
        }),
      ],
    })
    .catch((error: unknown) => madeUnderKey(error, key, () => client.receipts.list({ q: subject.paymentId })))
  await record(receipt)
  return { id: receipt.id, status: receipt.status }
}

/**
 * Cancels an open receipt and answers where it stands: `canceled`, or, when
 * Facturapi would not (it was invoiced meanwhile, a factura or a global whose
 * answer was lost), Facturapi's word on it. One cancelled a moment ago by
 * whoever followed the same refund is taken as cancelled.
 */
async function cancelReceipt(client: Facturapi, id: string): Promise<string> {
  return client.receipts.cancel(id).then(
    () => 'canceled',
    async (error: unknown) => {
      const { status } = await client.receipts.retrieve(id)
      if (status === 'canceled' || invoicedStatus(status)) return status
      throw error
    },
  )
}

const subjectOfRow = (payment: PaymentRow, card: PaidCard | null = null): ReceiptSubject => ({
  paymentId: payment.id,
  method: payment.paymentMethod,
  taxRateBps: payment.taxRateBps,
  paidAt: payment.createdAt,
  funding: card?.funding ?? null,
})

/**
 * The Facturapi receipts of payments that just reached the ledger, made as
 * they land: the factura global gathers them, and a diner's request finds
 * theirs made. One Facturapi does not take now is made when a factura or
 * the factura global asks for it (facturapiReceipt), so nothing is lost.
 * A payment that moved no money (see movedMoney) gets none.
 */
export async function receiptsForPayments(
  ledger: Ledger,
  client: Facturapi,
  paid: readonly PaymentRow[],
  {
    simulatedStandsIn,
    cardOf,
  }: { simulatedStandsIn: boolean; cardOf: (payment: PaymentRow) => Promise<PaidCard | null> },
): Promise<void> {
  const stamped = paid.filter((each) => billPart(each) > 0 && movedMoney(each, simulatedStandsIn))
  for (const payment of stamped)
    await cardOf(payment)
      .then((card) => facturapiReceipt(ledger, client, subjectOfRow(payment, card)))
      .catch((error: unknown) => console.error(`Facturapi receipt of payment ${payment.id} left for later`, error))
}

/** The payments these refunds give money back of. */
export async function paymentsOfRefunds({ db }: Ledger, refundIds: readonly string[]): Promise<string[]> {
  if (refundIds.length === 0) return []
  const rows = await db
    .selectDistinct({ id: refunds.paymentId })
    .from(refunds)
    .where(inArray(refunds.id, [...refundIds]))
  return rows.map((row) => row.id)
}

/**
 * After refunds of these payments reached the ledger (or one came back
 * undone), each one's open Facturapi receipt follows what it keeps:
 * cancelled and made again for the rest, or only cancelled when nothing is
 * left, so what stays open to invoice is what the restaurant kept. One that
 * fails now is made right when a factura or the factura global next asks
 * for it.
 */
export async function receiptsAfterRefunds(
  ledger: Ledger,
  client: Facturapi,
  paymentIds: readonly string[],
): Promise<void> {
  for (const paymentId of paymentIds) {
    const [payment] = await ledger.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1)
    const [kept] = await ledger.db.select().from(receipts).where(eq(receipts.paymentId, paymentId)).limit(1)
    // No receipt made yet (or one already invoiced): the next ask makes it for what is kept then.
    if (!payment || (kept?.facturapiStatus !== 'open' && kept?.facturapiStatus !== 'asked')) continue
    await facturapiReceipt(ledger, client, subjectOfRow(payment)).catch((error: unknown) =>
      console.error(`Facturapi receipt of payment ${paymentId} not yet following its refunds`, error),
    )
  }
}

/**
 * The restaurant's open Facturapi receipts that do not follow what their
 * payment keeps: made before one of its refunds (fewer refunds were
 * recorded then than now) or for another amount than it keeps now (a
 * refund its bank sent back), or asked of Facturapi by a request whose ask is
 * over without an answer (`due`); and whether any is still being asked
 * (`asking`), which the hub's alarm looks at again once its claim is over.
 * A refund whose receipt lost the race to follow it is made right here, so
 * no receipt of money given back stays open to be stamped in a global.
 * Of `paymentIds` (a delivery's refunded payments), or of all the
 * restaurant's open receipts when null (the alarm's look).
 */
export async function receiptsBehind(
  { db, restaurantId }: Ledger,
  paymentIds: readonly string[] | null,
  now = Date.now(),
) {
  if (paymentIds?.length === 0) return { due: [], asking: false }
  const which = and(
    eq(receipts.restaurantId, restaurantId),
    inArray(receipts.facturapiStatus, ['open', 'asked']),
    paymentIds ? inArray(receipts.paymentId, [...paymentIds]) : undefined,
  )
  const [rows, paid, given] = await db.batch([
    db
      .select({
        paymentId: receipts.paymentId,
        status: receipts.facturapiStatus,
        askedAt: receipts.facturapiAskedAt,
        version: receipts.facturapiVersion,
        cents: receipts.facturapiCents,
      })
      .from(receipts)
      .where(which),
    db
      .select({ id: payments.id, amountCents: payments.amountCents, taxCents: payments.taxCents })
      .from(payments)
      .innerJoin(receipts, eq(receipts.paymentId, payments.id))
      .where(which),
    db
      .select({
        paymentId: refunds.paymentId,
        amountCents: refunds.amountCents,
        taxCents: refunds.taxCents,
        failedAt: refunds.failedAt,
      })
      .from(refunds)
      .innerJoin(receipts, eq(receipts.paymentId, refunds.paymentId))
      .where(which),
  ])
  const payment = new Map(paid.map((row) => [row.id, row]))
  const refundsOf = new Map<string, (typeof given)[number][]>()
  for (const refund of given) refundsOf.set(refund.paymentId, [...(refundsOf.get(refund.paymentId) ?? []), refund])
  // Behind when made before a refund (fewer were recorded then), or for another amount than is kept now (a refund the bank sent back).
  const behind = (row: (typeof rows)[number]) => {
    const of = payment.get(row.paymentId)
    if (!of) return false
    const kept = keptFrom(of, refundsOf.get(row.paymentId) ?? [])
    return (row.version ?? 0) < kept.version || (row.cents !== null && row.cents !== kept.cents)
  }
  const claimed = (row: (typeof rows)[number]) =>
    row.status === 'asked' && row.askedAt !== null && row.askedAt >= now - RECEIPT_CLAIM_MS
  return {
    due: rows.filter((row) => !claimed(row) && (row.status === 'asked' || behind(row))).map((row) => row.paymentId),
    asking: rows.some(claimed),
  }
}
