import type Facturapi from 'facturapi'
import { raiseBooksAlert } from '../alerts/books-alerts.server'
import type { Ledger } from '../books/ledger.server'
import { simulatedStandsIn } from '../env.server'
import type { HubBatch, HubSubscriber } from '../live/hub-subscriber.server'
import { cardOfPayment } from '../receipts/receipt-reads.server'
import { debitsAfterUndoneRefunds } from './debit-notes.server'
import { egresosAfterRefunds, failingEgresos } from './egresos.server'
import { facturapiOf } from './facturapi.server'
import {
  paymentsOfRefunds,
  receiptsAfterRefunds,
  receiptsBehind,
  receiptsForPayments,
} from './facturapi-receipts.server'
import { followSubstitutions } from './substitutions.server'

/** How long after a fiscal document Facturapi did not take it is tried again. */
const FISCAL_RETRY_MS = 60_000

/**
 * The fiscal documents that follow a restaurant's money, for one that
 * issues through Facturapi: each payment the ledger receives gets its
 * receipt, each refund makes the receipt follow what is kept or owes a
 * nota de crédito, and what Facturapi does not take is tried again by the
 * hub's alarm, a minute apart.
 */
export class FiscalSubscriber implements HubSubscriber {
  #known: { client: Promise<Facturapi | null>; until: number } | null = null

  constructor(
    private readonly env: Env,
    private readonly ctx: DurableObjectState,
    private readonly ledger: Ledger,
  ) {}

  after({ ledger: delivery }: HubBatch, written: boolean): void {
    if (!delivery || !written) return
    const paid = delivery.entries.flatMap((entry) => (entry.kind === 'payment' ? [entry.body] : []))
    const refunded = delivery.entries.flatMap((entry) =>
      entry.kind === 'refund' || entry.kind === 'refund-failed' ? [entry.body.id] : [],
    )
    if (paid.length === 0 && refunded.length === 0) return
    this.ctx.waitUntil(
      this.#facturapi()
        .then(async (client) => {
          if (!client) return
          await receiptsForPayments(this.ledger, client, paid, {
            simulatedStandsIn: simulatedStandsIn(this.env),
            cardOf: (payment) => cardOfPayment(this.env, this.ledger, payment),
          })
          const refundedPayments = await paymentsOfRefunds(this.ledger, refunded)
          await receiptsAfterRefunds(this.ledger, client, refundedPayments)
          await this.#documentsOwed(client, refundedPayments, refundedPayments)
        })
        .catch((error: unknown) => console.error('Facturapi receipts left for later', error)),
    )
  }

  /** Notas de crédito Facturapi did not take, and cancellations the SAT has not decided: looked at again. */
  async retry(): Promise<void> {
    const client = await this.#facturapi()
    if (client) await this.#documentsOwed(client, [], null)
  }

  /**
   * Payments just invoiced (a diner's factura, a factura global): the
   * refunds their ingreso does not hold (recorded after the receipt it was
   * made from) get their notas de crédito here, tried again while owed.
   */
  async egresosFor(paymentIds: readonly string[]): Promise<void> {
    const client = await this.#facturapi()
    if (client) await this.#documentsOwed(client, paymentIds, [])
  }

  /** The restaurant saved or removed its Facturapi key: the next delivery asks D1 again, so no refund misses its egreso. */
  facturapiChanged(): void {
    this.#known = null
  }

  /**
   * The receipts left behind their payments' refunds (of `receiptsOf`, or all when null), then the egresos
   * owed (these payments' and any left before): tried again a minute later while any is; one failing long is
   * alerted.
   */
  async #documentsOwed(
    client: Facturapi,
    paymentIds: readonly string[],
    receiptsOf: readonly string[] | null,
  ): Promise<void> {
    const behind = await receiptsBehind(this.ledger, receiptsOf)
    await receiptsAfterRefunds(this.ledger, client, behind.due)
    const receiptsOwed = behind.asking || (await receiptsBehind(this.ledger, behind.due)).due.length > 0
    // Followed first: a substitution its receiver refused owes an egreso that the same look issues.
    const following = await followSubstitutions(this.ledger, client)
    const egresos = await egresosAfterRefunds(this.ledger, client, paymentIds)
    const debits = await debitsAfterUndoneRefunds(this.ledger, client, paymentIds)
    if (!egresos && !debits && !following && !receiptsOwed) return
    await this.ctx.storage.setAlarm(Date.now() + FISCAL_RETRY_MS)
    for (const document of await failingEgresos(this.ledger))
      await raiseBooksAlert(this.env, this.ledger, {
        ref: document.id,
        kind: 'fiscal-failed',
        sessionId: document.sessionId,
        amountCents: document.cents,
        detail: document.error,
      })
  }

  /**
   * The restaurant's Facturapi, or null when it issues by hand, asked of D1
   * at most once a minute: every delivery with a payment or a refund asks;
   * a key saved or removed is told at once (facturapiChanged).
   */
  #facturapi(): Promise<Facturapi | null> {
    const now = Date.now()
    if (!this.#known || this.#known.until < now)
      this.#known = { client: facturapiOf(this.env, this.ledger.restaurantId).catch(() => null), until: now + 60_000 }
    return this.#known.client
  }
}
