import type { PersonType } from './rfc'

/**
 * What a CFDI 4.0 for a restaurant's consumption needs of the SAT's
 * catalogues: the régimen fiscal of whoever it is issued to (c_RegimenFiscal,
 * each valid for a persona física, a moral, or both) and the uso CFDI
 * (c_UsoCFDI, each allowed only for some regímenes). Only the usos a meal
 * can have are offered: an expense (G03), goods (G01), or none (S01).
 */

export const TAX_REGIMES = {
  '601': { fisica: false, moral: true },
  '603': { fisica: false, moral: true },
  '605': { fisica: true, moral: false },
  '606': { fisica: true, moral: false },
  '607': { fisica: true, moral: false },
  '608': { fisica: true, moral: false },
  '610': { fisica: true, moral: true },
  '611': { fisica: true, moral: false },
  '612': { fisica: true, moral: false },
  '614': { fisica: true, moral: false },
  '615': { fisica: true, moral: false },
  '616': { fisica: true, moral: false },
  '620': { fisica: false, moral: true },
  '621': { fisica: true, moral: false },
  '622': { fisica: false, moral: true },
  '623': { fisica: false, moral: true },
  '624': { fisica: false, moral: true },
  '625': { fisica: true, moral: false },
  '626': { fisica: true, moral: true },
} as const satisfies Record<string, Record<PersonType, boolean>>
export type TaxRegime = keyof typeof TAX_REGIMES
export const TAX_REGIME_CODES = Object.keys(TAX_REGIMES) as TaxRegime[]

/** Each régimen's name in the SAT's catalogue: official Spanish, in either language. */
export const TAX_REGIME_NAMES: Record<TaxRegime, string> = {
  '601': 'General de Ley Personas Morales',
  '603': 'Personas Morales con Fines no Lucrativos',
  '605': 'Sueldos y Salarios e Ingresos Asimilados a Salarios',
  '606': 'Arrendamiento',
  '607': 'Régimen de Enajenación o Adquisición de Bienes',
  '608': 'Demás ingresos',
  '610': 'Residentes en el Extranjero sin Establecimiento Permanente en México',
  '611': 'Ingresos por Dividendos (socios y accionistas)',
  '612': 'Personas Físicas con Actividades Empresariales y Profesionales',
  '614': 'Ingresos por intereses',
  '615': 'Régimen de los ingresos por obtención de premios',
  '616': 'Sin obligaciones fiscales',
  '620': 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos',
  '621': 'Incorporación Fiscal',
  '622': 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras',
  '623': 'Opcional para Grupos de Sociedades',
  '624': 'Coordinados',
  '625': 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
  '626': 'Régimen Simplificado de Confianza',
}

/** The régimenes a person of `person`'s type can be in. */
export const regimesFor = (person: PersonType) => TAX_REGIME_CODES.filter((code) => TAX_REGIMES[code][person])

const BUSINESS: readonly TaxRegime[] = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626']

/** The usos a restaurant's invoice can have, and the régimenes each is allowed for (c_UsoCFDI). */
export const CFDI_USES = {
  G03: BUSINESS,
  G01: BUSINESS,
  S01: TAX_REGIME_CODES,
} as const satisfies Record<string, readonly TaxRegime[]>
type CfdiUse = keyof typeof CFDI_USES

/** Each uso's name in the SAT's catalogue. */
export const CFDI_USE_NAMES: Record<CfdiUse, string> = {
  G03: 'Gastos en general',
  G01: 'Adquisición de mercancías',
  S01: 'Sin efectos fiscales',
}
export const CFDI_USE_CODES = Object.keys(CFDI_USES) as CfdiUse[]

/** The usos `regime` allows, G03 first where it does. */
export const usesFor = (regime: TaxRegime) => CFDI_USE_CODES.filter((use) => CFDI_USES[use].includes(regime))

/** G03 where the régimen allows it, else the first it allows. */
export const defaultUse = (regime: TaxRegime): CfdiUse => usesFor(regime)[0] ?? 'S01'

export const isTaxRegime = (code: string): code is TaxRegime => code in TAX_REGIMES
export const isCfdiUse = (code: string): code is CfdiUse => code in CFDI_USES

/** What an invoice of a restaurant's consumption says of each concept (SAT's catalogues). */
export const RESTAURANT_CONCEPT = {
  /** c_ClaveProdServ: Restaurantes. */
  productKey: '90101501',
  /** c_ClaveUnidad: Unidad de servicio. */
  unitKey: 'E48',
} as const

/** A Mexican postal code: five digits. */
export const POSTAL_CODE = /^\d{5}$/

/** How often a restaurant issues its factura global (Facturapi's periodicity; the SAT's c_Periodicidad 01–04). */
export const INVOICE_PERIODICITIES = ['day', 'week', 'fortnight', 'month'] as const
export type InvoicePeriodicity = (typeof INVOICE_PERIODICITIES)[number]

/**
 * The SAT's forma de pago (c_FormaPago) of a payment: cash 01; a card 04
 * (tarjeta de crédito) or 28 (tarjeta de débito, which the SAT's catalog
 * also gives prepaid cards, funded as debit ones are), as the card's
 * network reports its funding. A card whose funding is not known is taken
 * as credit (`guessed`), the one a receipt that says nothing of it has
 * always been: never 99 "Por definir", which the SAT refuses with PUE.
 */
export function paymentFormOf(
  method: 'card' | 'apple' | 'google' | 'cash' | 'terminal',
  funding: 'credit' | 'debit' | 'prepaid' | 'unknown' | null,
): { form: '01' | '04' | '28'; guessed: boolean } {
  if (method === 'cash') return { form: '01', guessed: false }
  if (funding === 'debit' || funding === 'prepaid') return { form: '28', guessed: false }
  return { form: '04', guessed: funding !== 'credit' }
}
