import type { BillTotals } from '~/domain/bill'
import type { Hold } from '~/domain/holds'
import type { SplitPaid } from '~/domain/split'
import type { AdjustmentRow, BillItemRow, PaymentRow } from '../db/schema.server'
import type { WaiterCall } from './floor-store.server'
import type { OrderProgress } from './order-store.server'
import type { StoredRefund } from './refund-store.server'

/** A bill as its object answers a read (open, or closed with the bill that followed), in cents; D1's copy reads the same. */
export interface BillView {
  tableId: string
  sessionId: string
  restaurantId: string
  restaurantName: string | null
  taxRateBps: number
  taxIncludedInPrice: boolean
  showTaxSeparately: boolean
  tableNumber: string
  tableName: string | null
  capacity: number | null
  /** The restaurant's Stripe account and whether it takes charges yet (see BillTable). */
  stripeAccountId?: string | null
  stripeChargesEnabled?: boolean
  unconnectedPayments?: 'off' | 'demo'
  /** The restaurant's clock (see BillTable). */
  timeZone?: string
  lines: BillItemRow[]
  totals: BillTotals
  splitPaid: SplitPaid[]
  openedAt: number
  /** Null while the bill is open. */
  closedAt: number | null
  /** The table's bill after this one, once this one is closed (when known). */
  nextSessionId: string | null
  /** The bill's orders, oldest first, and where the kitchen has each; a bill read from D1 has none. */
  orders?: OrderProgress[]
  /** A diner's call for the waiter the diners still see; a bill read from D1 has none. */
  call?: WaiterCall | null
  /** Newest first; only when asked for. */
  payments: PaymentRow[]
  /** Voids and comps, oldest first; only with the payments. */
  adjustments?: Omit<AdjustmentRow, 'tableId' | 'sessionId'>[]
  /** Refunds (pending ones too), oldest first; only with the payments. */
  refunds?: StoredRefund[]
  /** How a closed bill was left and who closed it (null when nobody signed its close); only with the payments. */
  settlement?: { unpaidCents: number; reason: string | null; staff: string } | null
  /** Payments in progress and what they keep, oldest first (none once the bill is closed). */
  holds: Hold[]
}
