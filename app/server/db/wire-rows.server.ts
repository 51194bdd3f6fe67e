import { lineRemaining, lineSettled, paidLinesOf, charged } from '~/domain/bill'
import { centsToPesos } from '~/domain/money'
import type { WireBillItem, WirePayment } from '~/domain/wire'
import type { BillItemRow, PaymentRow } from './schema.server'

/*
 * A bill's records as the API and the pages' data carry them: pesos where
 * the records keep cents, dates as ISO text.
 */

export function toWireItem(row: BillItemRow): WireBillItem {
  return {
    id: row.id,
    tableId: row.tableId,
    name: row.name,
    price: centsToPesos(row.priceCents),
    remainingPrice: centsToPesos(lineRemaining(row)),
    description: row.description,
    nameEn: row.nameEn,
    descriptionEn: row.descriptionEn,
    note: row.note,
    category: row.category,
    quantity: row.quantity,
    paidQuantity: row.paidQuantity,
    isPaid: lineSettled(row),
    comped: row.comped ?? false,
    paidBy: row.paidBy,
    customerName: row.customerName,
    menuItemId: row.menuItemId,
    createdAt: new Date(row.createdAt).toISOString(),
  }
}

export function toWirePayment(row: PaymentRow): WirePayment {
  const items = paidLinesOf(row)
  return {
    id: row.id,
    tableId: row.tableId,
    sessionId: row.sessionId,
    amount: centsToPesos(charged(row)),
    baseAmount: centsToPesos(row.amountCents),
    taxAmount: centsToPesos(row.taxCents),
    tipAmount: centsToPesos(row.tipCents),
    tipPercentage: row.tipPercentage,
    paymentMethod: row.paymentMethod,
    paymentType: row.paymentType,
    customerName: row.customerName,
    transactionId: row.transactionId,
    items: items.map((item) => ({
      itemId: item.itemId,
      quantity: item.quantity,
      amount: centsToPesos(item.amountCents),
    })),
    splitCount: row.splitCount,
    createdAt: new Date(row.createdAt).toISOString(),
  }
}
