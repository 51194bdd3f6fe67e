import { isTaxRegime, POSTAL_CODE, TAX_REGIMES, type TaxRegime } from '../cfdi'
import { checkRfc, normalizeRfc } from '../rfc'
import { checkbox } from './fields'
import { z } from './zod'

/*
 * Who a CFDI names (the restaurant issuing it, a diner receiving it), checked
 * as the SAT checks it: the RFC's shape and date, a régimen of that RFC's
 * person type, a five-digit código postal. A check digit that does not match
 * is asked about, not refused (`confirmRfc`): some RFCs the SAT issued fail it.
 * Messages are translation keys of receipt.factura.errors.
 */

const ERRORS = 'receipt.factura.errors'

export const taxpayerFields = {
  rfc: z
    .string({ error: `${ERRORS}.rfc` })
    .max(20, { error: `${ERRORS}.rfc` })
    .transform(normalizeRfc),
  legalName: z
    .string({ error: `${ERRORS}.legalName` })
    .trim()
    .min(1, { error: `${ERRORS}.legalName` })
    .max(300, { error: `${ERRORS}.legalName` })
    .transform((name) => name.toUpperCase()),
  taxRegime: z.string({ error: `${ERRORS}.taxRegime` }).refine(isTaxRegime, { error: `${ERRORS}.taxRegime` }),
  postalCode: z
    .string({ error: `${ERRORS}.postalCode` })
    .trim()
    .regex(POSTAL_CODE, { error: `${ERRORS}.postalCode` }),
  confirmRfc: checkbox,
}

/** The checks across fields: the RFC itself, its check digit confirmed, a régimen of its person type. */
export function checkTaxpayer(
  value: { rfc: string; taxRegime: string; confirmRfc: boolean },
  ctx: z.RefinementCtx,
): void {
  const rfc = checkRfc(value.rfc)
  if (!rfc.ok) {
    ctx.addIssue({ code: 'custom', path: ['rfc'], message: `${ERRORS}.rfcReasons.${rfc.reason}` })
    return
  }
  if (!rfc.checkDigitMatches && !value.confirmRfc)
    ctx.addIssue({ code: 'custom', path: ['rfc'], message: `${ERRORS}.rfcCheckDigit` })
  if (isTaxRegime(value.taxRegime) && !TAX_REGIMES[value.taxRegime as TaxRegime][rfc.person])
    ctx.addIssue({ code: 'custom', path: ['taxRegime'], message: `${ERRORS}.regimeFor.${rfc.person}` })
}
