import { isFisica, type Periodicity, PERIODICITY_NAMES, RFC, TAX_SYSTEMS } from './catalogs'
import { newId } from './ids'

/**
 * The organizations (issuers) the stand-in is made with. On Facturapi each
 * organization has its own secret keys and its own receipts and invoices; a
 * key names its organization and nothing else. Here each organization has
 * one key: `sk_test_…` makes test-mode documents (`livemode: false`),
 * `sk_live_…` live-mode ones.
 */
export interface OrganizationOptions {
  /** The secret key that acts as this organization. */
  key: string
  /** Its tax details, as its Constancia de Situación Fiscal has them. */
  legal_name: string
  tax_id: string
  tax_system: string
  /** Its fiscal zip code: the LugarExpedicion of its invoices, and a general public's DomicilioFiscalReceptor. */
  zip: string
  /** The IANA zone its dates are read in (Facturapi infers it from the zip code). */
  timezone?: string
  /** Its receipt settings: the period a global invoice covers by default, and how long a receipt can be self-invoiced. */
  receipts?: { periodicity?: Periodicity; duration_days?: number }
  /** The self-invoicing portal's domain: `demo` until the organization picks one, as on Facturapi. */
  self_invoice_domain?: string
}

export interface Organization {
  id: string
  key: string
  livemode: boolean
  legal_name: string
  tax_id: string
  tax_system: string
  zip: string
  timezone: string
  periodicity: Periodicity
  duration_days: number
  self_invoice_domain: string
  /** Its PUBLICO EN GENERAL customer, whom every global invoice is made out to. */
  public_customer: string
}

const KEY = /^sk_(test|live)_[A-Za-z0-9_]+$/

/** Checks an organization as Facturapi's onboarding would, so a test cannot issue from tax details SAT would refuse. */
export function organizationOf(options: OrganizationOptions): Organization {
  const problem = (what: string) => new Error(`Facturapi stand-in organization ${options.key}: ${what}`)
  const mode = KEY.exec(options.key)?.[1]
  if (!mode) throw problem('its key must look like sk_test_… or sk_live_…')
  if (!RFC.test(options.tax_id)) throw problem(`${options.tax_id} is not an RFC`)
  const regime = TAX_SYSTEMS[options.tax_system]
  if (!regime || !(isFisica(options.tax_id) ? regime.fisica : regime.moral))
    throw problem(`tax_system ${options.tax_system} is not one for the RFC ${options.tax_id}`)
  if (!/^\d{5}$/.test(options.zip)) throw problem(`zip ${options.zip} is not 5 digits`)
  const periodicity = options.receipts?.periodicity ?? 'month'
  if (!PERIODICITY_NAMES.includes(periodicity)) throw problem(`periodicity ${periodicity} is not one of Facturapi's`)
  const durationDays = options.receipts?.duration_days ?? 7
  if (!Number.isSafeInteger(durationDays) || durationDays < 0) throw problem('duration_days must be a whole number')
  const timezone = options.timezone ?? 'America/Mexico_City'
  // An unknown zone would throw later, on the first date read: here it throws at once.
  new Intl.DateTimeFormat('en-US', { timeZone: timezone })
  return {
    id: newId(),
    key: options.key,
    livemode: mode === 'live',
    legal_name: options.legal_name,
    tax_id: options.tax_id,
    tax_system: options.tax_system,
    zip: options.zip,
    timezone,
    periodicity,
    duration_days: durationDays,
    self_invoice_domain: options.self_invoice_domain ?? 'demo',
    public_customer: newId(),
  }
}

/** The organization a request's `Authorization` names, by Bearer (what the SDK sends) or Basic (`curl -u sk_…:`). */
export function keyOf(authorization: string | null): string | null {
  const [scheme, credentials] = authorization?.trim().split(/\s+/) ?? []
  if (scheme === 'Bearer' && credentials) return credentials
  if (scheme === 'Basic' && credentials) {
    try {
      return atob(credentials).split(':')[0] || null
    } catch {
      return null
    }
  }
  return null
}
