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
export type StaffReceiptEmail = z.output<typeof staffReceiptEmailSchema>

/** Who a factura is for, as on their Constancia, the uso CFDI their régimen allows, and where it is sent. */
export const facturaFields = {
  ...taxpayerFields,
  cfdiUse: z.string({ error: 'receipt.factura.errors.cfdiUse' }).refine(isCfdiUse, {
    error: 'receipt.factura.errors.cfdiUse',
  }),
  email: emailAddress('receipt.email.invalid'),
}

/** The checks across a factura's fields: the RFC's own, and a uso the régimen allows. */
export function checkFactura(value: z.output<z.ZodObject<typeof facturaFields>>, ctx: z.RefinementCtx): void {
  checkTaxpayer(value, ctx)
  if (isTaxRegime(value.taxRegime) && isCfdiUse(value.cfdiUse) && !CFDI_USES[value.cfdiUse].includes(value.taxRegime))
    ctx.addIssue({ code: 'custom', path: ['cfdiUse'], message: 'receipt.factura.errors.cfdiUseForRegime' })
}

/** "Solicitar factura": the diner's factura. */
export const facturaRequestSchema = z.object(facturaFields).superRefine(checkFactura)

export type FacturaRequest = z.output<typeof facturaRequestSchema>
