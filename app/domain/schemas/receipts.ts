import { emailAddress, idString } from './fields'
import { z } from './zod'

/** "Enviar por correo": where the diner wants their receipt. */
export const receiptEmailSchema = z.object({ email: emailAddress('receipt.email.invalid') })

/** Staff resend a payment's receipt from the table's page. */
export const staffReceiptEmailSchema = receiptEmailSchema.extend({
  sessionId: idString('sessionId'),
  paymentId: idString('paymentId'),
})
