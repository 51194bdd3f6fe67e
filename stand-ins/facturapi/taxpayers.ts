import { isFisica, RFC, TAX_SYSTEMS } from './catalogs'
import { type ErrorDetail, invalidRequest, refused } from './errors'
import { type StandInState } from './state'

/**
 * SAT's records of a taxpayer, as its Constancia de Situación Fiscal states
 * them. CFDI 4.0 is stamped only if the receiver's name, fiscal zip code and
 * regime match SAT's records (Facturapi's tax-information codes
 * `legal_name_mismatch`, `tax_address_zip_mismatch`,
 * `tax_system_not_allowed_for_tax_id`). The stand-in has no copy of SAT's
 * list: it checks only the RFCs a test registered, and takes any other
 * well-formed RFC as registered with what it was given.
 */
export interface Taxpayer {
  tax_id: string
  legal_name: string
  zip: string
  tax_systems: string[]
}

export function registerTaxpayer(state: StandInState, taxpayer: Taxpayer): Taxpayer {
  const problem = (what: string) => invalidRequest([{ message: what, code: 'invalid_value', source: 'facturapi' }])
  if (!RFC.test(taxpayer.tax_id)) throw problem(`${taxpayer.tax_id} no es un RFC.`)
  if (!/^\d{5}$/.test(taxpayer.zip)) throw problem(`${taxpayer.zip} no es un código postal de 5 dígitos.`)
  if (taxpayer.tax_systems.length === 0) throw problem('Un contribuyente tiene al menos un régimen fiscal.')
  for (const code of taxpayer.tax_systems) {
    const regime = TAX_SYSTEMS[code]
    if (!regime || !(isFisica(taxpayer.tax_id) ? regime.fisica : regime.moral))
      throw problem(`El régimen ${code} no es de un contribuyente con el RFC ${taxpayer.tax_id}.`)
  }
  const record = { ...taxpayer, tax_systems: [...taxpayer.tax_systems] }
  state.taxpayers.set(taxpayer.tax_id, record)
  return record
}

/** Compares a receiver with SAT's records of its RFC, if a test registered them. */
export function checkReceiver(
  state: StandInState,
  receiver: { tax_id: string; legal_name: string; tax_system: string; zip: string },
  at: string,
): void {
  const record = state.taxpayers.get(receiver.tax_id)
  if (!record) return
  const details: ErrorDetail[] = []
  const detail = (code: string, path: string, message: string) =>
    details.push({ code, message, source: 'facturapi', location: 'body', path: `${at}.${path}` })
  if (sameName(record.legal_name) !== sameName(receiver.legal_name))
    detail(
      'legal_name_mismatch',
      'legal_name',
      `El nombre o razón social no coincide con el registrado ante el SAT para el RFC ${receiver.tax_id}.`,
    )
  if (record.zip !== receiver.zip)
    detail(
      'tax_address_zip_mismatch',
      'address.zip',
      `El código postal no coincide con el domicilio fiscal registrado ante el SAT para el RFC ${receiver.tax_id}.`,
    )
  if (!record.tax_systems.includes(receiver.tax_system))
    detail(
      'tax_system_not_allowed_for_tax_id',
      'tax_system',
      `El régimen fiscal ${receiver.tax_system} no corresponde al RFC ${receiver.tax_id} ante el SAT.`,
    )
  const [only] = details
  if (details.length === 1 && only) throw refused(only.code, only.message, details)
  if (details.length > 1) throw invalidRequest(details)
}

/** SAT compares names as written on the Constancia; case and runs of spaces aside. */
const sameName = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase()
