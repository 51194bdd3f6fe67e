import { z } from './zod'
import { restaurantFields } from './auth'
import { checkbox } from './fields'
import { WALKOUT_MINUTES } from '../alerts'
import { INVOICE_PERIODICITIES } from '../cfdi'
import { isTimeZone } from '../local-time'
import { IVA_RATES_BPS, ivaRateAllowed } from '../tax'
import { checkTaxpayer, taxpayerFields } from './fiscal'
import { idString } from './fields'
import { staffForms, type IntentIn } from './staff-forms'

/** An IVA rate in percent, one of the SAT's ("16", "8", "0"), read into basis points, the integer the bill arithmetic uses. */
const taxRatePercent = z
  .union([z.number(), z.string().trim().min(1)], { error: 'admin.errors.taxRate' })
  .transform((value, ctx) => {
    const bps = Math.round(Number(String(value).replace(',', '.')) * 100)
    if (!(IVA_RATES_BPS as readonly number[]).includes(bps)) {
      ctx.addIssue({ code: 'custom', message: 'admin.errors.taxRate' })
      return z.NEVER
    }
    return bps
  })

/** Configuración → 'Editar detalles del restaurante': the whole profile and the tax settings the diner's payment screen applies. */
export const restaurantSettingsSchema = z
  .object({
    ...restaurantFields,
    taxRatePercent,
    /** Registered for the northern-border IVA incentive: the one restaurant that may charge 8 %. */
    borderIncentive: checkbox,
    taxIncludedInPrice: checkbox,
    showTaxSeparately: checkbox,
    /** Minutes an unpaid bill with no diner's page open waits before staff hear of a possible walkout. */
    walkoutMinutes: z.coerce
      .number({ error: 'admin.errors.walkoutMinutes' })
      .int({ error: 'admin.errors.walkoutMinutes' })
      .min(WALKOUT_MINUTES.min, { error: 'admin.errors.walkoutMinutes' })
      .max(WALKOUT_MINUTES.max, { error: 'admin.errors.walkoutMinutes' })
      .optional(),
    /** The restaurant's clock (an IANA zone): its business day, its shifts, every time its screens and receipts show. */
    timeZone: z
      .string({ error: 'admin.settings.timeZoneInvalid' })
      .refine(isTimeZone, { error: 'admin.settings.timeZoneInvalid' })
      .optional(),
    /** Where every diner who rates a visit is offered to review it on Google; empty for nowhere. */
    googleReviewUrl: z
      .string()
      .trim()
      .max(500, { error: 'admin.errors.tooLong' })
      .optional()
      .refine((url) => !url || /^https:\/\/[^\s]+$/.test(url), { error: 'admin.settings.googleReviewUrlInvalid' })
      .transform((url) => url || null),
  })
  .superRefine((settings, ctx) => {
    if (!ivaRateAllowed(settings.taxRatePercent, settings.borderIncentive))
      ctx.addIssue({ code: 'custom', path: ['taxRatePercent'], message: 'admin.errors.borderRate' })
  })
  .transform(({ taxRatePercent: taxRateBps, ...settings }) => ({ ...settings, taxRateBps }))

export type RestaurantSettings = z.output<typeof restaurantSettingsSchema>

/** Configuración → 'Pagos con tarjeta': what the tables offer until the restaurant's Stripe account can charge. */
export const unconnectedPaymentsSchema = z.object({
  unconnectedPayments: z.enum(['off', 'demo'], { error: 'admin.errors.formError' }),
})

/** A Facturapi secret key, live or test; anything else is refused before it is sealed. */
const FACTURAPI_KEY = /^sk_(test|live)_[A-Za-z0-9_-]{8,200}$/

/**
 * Configuración → 'Datos fiscales': who the restaurant's facturas come from,
 * and, to issue them on their own, its Facturapi key (sealed, never shown
 * again: left empty it stays as it is; `forgetFacturapiKey` removes it).
 */
export const fiscalProfileSchema = z
  .object({
    ...taxpayerFields,
    facturapiKey: z
      .string()
      .trim()
      .optional()
      .refine((key) => !key || FACTURAPI_KEY.test(key), { error: 'admin.settings.fiscal.keyInvalid' }),
    forgetFacturapiKey: checkbox,
    invoicePeriodicity: z.enum(INVOICE_PERIODICITIES, { error: 'admin.errors.formError' }),
  })
  .superRefine(checkTaxpayer)

export type FiscalProfile = z.output<typeof fiscalProfileSchema>

/** Configuración's forms: the restaurant's settings, its fiscal profile, and how it takes card payments. */
/** A cash register the restaurant names (a bar's drawer, a shared tablet's): counted apart from the others. */
export const registerSchema = z.object({
  name: z
    .string({ error: 'admin.settings.registers.errors.name' })
    .trim()
    .min(1, { error: 'admin.settings.registers.errors.name' })
    .max(40, { error: 'admin.errors.tooLong' }),
})

/** Takes a register out of use. */
export const retireRegisterSchema = z.object({ register: idString('register') })

export const SETTINGS_FORMS = staffForms({
  settings: { permission: 'settings.manage', schema: restaurantSettingsSchema },
  fiscal: { permission: 'settings.manage', schema: fiscalProfileSchema },
  connect: { permission: 'payouts.manage', schema: z.object({}) },
  unconnected: { permission: 'payouts.manage', schema: unconnectedPaymentsSchema },
  register: { permission: 'settings.manage', schema: registerSchema },
  'retire-register': { permission: 'settings.manage', schema: retireRegisterSchema },
})

export type SettingsIntent = IntentIn<typeof SETTINGS_FORMS>
