import type { Ledger } from '../books/ledger.server'
import { LedgerStatements } from '../table-session/outbox.server'
import type { HubBatch, HubSubscriber } from './hub-subscriber.server'

/** A delivery's records for D1's ledger: its bill, lines, payments, voids, refunds and tickets, in the order committed. */
export class LedgerRecords implements HubSubscriber {
  readonly #statements: LedgerStatements

  constructor(ledger: Ledger) {
    this.#statements = new LedgerStatements(ledger)
  }

  statements({ ledger }: HubBatch): D1PreparedStatement[] {
    return ledger ? this.#statements.of(ledger) : []
  }
}
