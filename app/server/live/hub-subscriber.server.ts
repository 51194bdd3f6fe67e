import type { BillEvent } from '~/domain/live'
import type { LedgerDelivery } from '../table-session/outbox.server'

/** What a restaurant's hub hands its subscribers: one delivery's events, and its ledger entries when it brings D1 records. */
export interface HubBatch {
  readonly events: readonly BillEvent[]
  readonly ledger: LedgerDelivery | null
}

/**
 * One thing the restaurant does with its bills' changes (see RestaurantHub):
 * D1 statements that go in the batch which brings the delivery, so they are
 * never apart from it; and what follows once the batch is written (or was
 * refused): nothing the table's delivery waits on.
 */
export interface HubSubscriber {
  statements?(batch: HubBatch): D1PreparedStatement[]
  after?(batch: HubBatch, written: boolean): void
}
