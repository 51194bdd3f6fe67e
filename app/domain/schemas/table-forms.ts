import { answerCallSchema, followSchema } from './alerts'
import {
  adjustmentSchema,
  closeBillSchema,
  recordPaymentSchema,
  refundOutsideSchema,
  refundSchema,
  voidPaymentSchema,
} from './books'
import { staffReceiptEmailSchema } from './receipts'
import { idString } from './fields'
import { z } from './zod'
import { staffForms, type IntentIn } from './staff-forms'

/** A table's staff page: every write on its bill, and following the table. A comp or a close that leaves something unpaid asks for more (the action). */
export const TABLE_FORMS = staffForms({
  'record-payment': { permission: 'payments.record', schema: recordPaymentSchema },
  /** The register this device records cash into, among the restaurant's. */
  'choose-register': { permission: 'payments.record', schema: z.object({ register: idString('register') }) },
  adjust: { permission: 'lines.void', schema: adjustmentSchema },
  'void-payment': { permission: 'payments.void', schema: voidPaymentSchema },
  refund: { permission: 'refunds.issue', schema: refundSchema },
  'refund-outside': { permission: 'refunds.issue', schema: refundOutsideSchema },
  'receipt-email': { permission: 'tables.view', schema: staffReceiptEmailSchema },
  close: { permission: 'bills.close', schema: closeBillSchema },
  follow: { permission: 'alerts.view', schema: followSchema },
  'answer-call': { permission: 'alerts.view', schema: answerCallSchema },
})

/** A bill closed on a table: its payments' refunds and receipts, for those who see the books. */
export const CLOSED_BILL_FORMS = staffForms({
  refund: { permission: 'refunds.issue', schema: refundSchema },
  'refund-outside': { permission: 'refunds.issue', schema: refundOutsideSchema },
  'receipt-email': { permission: 'books.view', schema: staffReceiptEmailSchema },
})

export type TableIntent = IntentIn<typeof TABLE_FORMS>
