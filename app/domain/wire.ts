import type { LedgerMethod, PaymentKind, PaymentType } from './bill'

/**
 * JSON shapes of the diner API (docs/api.md). Bill-side amounts are decimal
 * pesos on the wire (docs/money.md); the server computes them from cents.
 */
export interface WireBillItem {
  id: string
  tableId: string
  name: string
  /** Line total for the whole quantity. */
  price: number
  /** What is still owed on the line. */
  remainingPrice: number
  description: string | null
  /** The line's English from the menu (dish, chosen options), where staff wrote it; null where there is none. */
  nameEn: string | null
  descriptionEn: string | null
  /** What the diner or waiter asked the kitchen for this line ("sin cebolla"). */
  note: string | null
  category: string
  quantity: number
  paidQuantity: number
  isPaid: boolean
  /** On the house: free, given by the restaurant (nobody paid it). */
  comped: boolean
  paidBy: string | null
  customerName: string | null
  menuItemId: string | null
  createdAt: string
}

/** A table as the API answers it: its restaurant under `userId`, the name the API has kept since an owner was the restaurant. */
export function wireTable<Table extends { restaurantId: string }>({ restaurantId, ...table }: Table) {
  return { ...table, userId: restaurantId }
}

export interface WireTableSession {
  /** The table's id (payments and items are posted with it). */
  id: string
  sessionId: string
  userId: string
  restaurantName: string | null
  tableNumber: string
  tableName: string | null
  capacity: number | null
  items: WireBillItem[]
  totalAmount: number
  paidAmount: number
  remainingAmount: number
}

export interface WirePayment {
  id: string
  tableId: string
  sessionId: string
  /** What was charged: the bill part, any tax added on top, and the tip. */
  amount: number
  /** The bill part alone. */
  baseAmount: number
  /** Tax added on top when the restaurant's prices exclude it; 0 when they include it. */
  taxAmount: number
  tipAmount: number
  tipPercentage: number | null
  paymentMethod: LedgerMethod
  paymentType: PaymentType
  customerName: string
  transactionId: string
  items: { itemId: string; quantity: number; amount: number }[]
  splitCount: number | null
  createdAt: string
}

/**
 * A payment as anyone at the table may read it (GET /api/payments/table/{id}):
 * what it paid in the kinds staff screens use, without the payer's
 * transaction id, which is the payer's alone.
 */
export type PublicPayment = Omit<WirePayment, 'paymentType' | 'transactionId'> & { kind: PaymentKind }

export interface WireTaxSettings {
  id: string
  showTaxSeparately: boolean
  taxRate: number
  taxIncludedInPrice: boolean
}
