import { CFDI_USES, isCfdiUse, isTaxRegime } from '../cfdi'
import { emailAddress, idString } from './fields'
import { checkTaxpayer, taxpayerFields } from './fiscal'
import { z } from './zod'

/** "Enviar por correo": where the diner wants their receipt. */
export const receiptEmailSchema = z.object({ email: emailAddress('receipt.email.invalid') })

/** Staff resend a payment's receipt from the table's page. */
export const staffReceiptEmailSchema = receiptEmailSchema.extend({
  sessionId: idString('sessionId'),
  paymentId: idString('paymentId'),
})

/**
 * "Solicitar factura": who the diner's factura is for, as on their
 * Constancia, the uso CFDI their régimen allows, and where it is sent.
 */
export const facturaRequestSchema = z
  .object({
    ...taxpayerFields,
    cfdiUse: z.string({ error: 'receipt.factura.errors.cfdiUse' }).refine(isCfdiUse, {
      error: 'receipt.factura.errors.cfdiUse',
    }),
    email: emailAddress('receipt.email.invalid'),
  })
  .superRefine((value, ctx) => {
    checkTaxpayer(value, ctx)
    if (isTaxRegime(value.taxRegime) && isCfdiUse(value.cfdiUse) && !CFDI_USES[value.cfdiUse].includes(value.taxRegime))
      ctx.addIssue({ code: 'custom', path: ['cfdiUse'], message: 'receipt.factura.errors.cfdiUseForRegime' })
  })

export type FacturaRequest = z.output<typeof facturaRequestSchema>
