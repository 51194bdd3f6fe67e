/**
 * The SAT catalogues the stand-in checks codes against (CFDI 4.0, Anexo 20).
 * Payment forms and tax regimes are the whole catalogues as the official SDK
 * lists them (its PaymentForm and TaxSystem enums); units are a handful a
 * restaurant uses, since c_ClaveUnidad has thousands of entries.
 */

/** c_FormaPago. */
export const PAYMENT_FORMS = [
  '01', // Efectivo
  '02', // Cheque nominativo
  '03', // Transferencia electrónica de fondos
  '04', // Tarjeta de crédito
  '05', // Monedero electrónico
  '06', // Dinero electrónico
  '08', // Vales de despensa
  '12', // Dación en pago
  '13', // Pago por subrogación
  '14', // Pago por consignación
  '15', // Condonación
  '17', // Compensación
  '23', // Novación
  '24', // Confusión
  '25', // Remisión de deuda
  '26', // Prescripción o caducidad
  '27', // A satisfacción del acreedor
  '28', // Tarjeta de débito
  '29', // Tarjeta de servicios
  '30', // Aplicación de anticipos
  '31', // Intermediario de pagos
  '99', // Por definir
] as const

/** "Por definir": SAT refuses it with MetodoPago PUE, which is what a paid sale is invoiced with. */
export const PAYMENT_FORM_TO_BE_DEFINED = '99'

/** c_RegimenFiscal, with the kinds of taxpayer each is for (a 13-character RFC is a persona física, 12 a moral). */
export const TAX_SYSTEMS: Record<string, { fisica: boolean; moral: boolean }> = {
  '601': { fisica: false, moral: true }, // General de Ley Personas Morales
  '603': { fisica: false, moral: true }, // Personas Morales con Fines no Lucrativos
  '605': { fisica: true, moral: false }, // Sueldos y Salarios e Ingresos Asimilados a Salarios
  '606': { fisica: true, moral: false }, // Arrendamiento
  '607': { fisica: true, moral: false }, // Régimen de Enajenación o Adquisición de Bienes
  '608': { fisica: true, moral: false }, // Demás ingresos
  '610': { fisica: true, moral: true }, // Residentes en el Extranjero sin Establecimiento Permanente en México
  '611': { fisica: true, moral: false }, // Ingresos por Dividendos (socios y accionistas)
  '612': { fisica: true, moral: false }, // Personas Físicas con Actividades Empresariales y Profesionales
  '614': { fisica: true, moral: false }, // Ingresos por intereses
  '615': { fisica: true, moral: false }, // Régimen de los ingresos por obtención de premios
  '616': { fisica: true, moral: false }, // Sin obligaciones fiscales
  '620': { fisica: false, moral: true }, // Sociedades Cooperativas de Producción que optan por diferir sus ingresos
  '621': { fisica: true, moral: false }, // Incorporación Fiscal
  '622': { fisica: false, moral: true }, // Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras
  '623': { fisica: false, moral: true }, // Opcional para Grupos de Sociedades
  '624': { fisica: false, moral: true }, // Coordinados
  '625': { fisica: true, moral: false }, // Actividades Empresariales con ingresos a través de Plataformas Tecnológicas
  '626': { fisica: true, moral: true }, // Régimen Simplificado de Confianza
}

/** Who may spend: the regimes that may deduct an acquisition or an expense. */
const SPENDERS = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626']
/** Personal deductions, for personas físicas only. */
const DEDUCTORS = ['605', '606', '607', '608', '611', '612', '614', '615', '625']
const EVERY_REGIME = Object.keys(TAX_SYSTEMS)

/** c_UsoCFDI: the receiver's regimes each use is allowed for (the catalogue's RegimenFiscalReceptor column). */
export const USES: Record<string, readonly string[]> = {
  G01: SPENDERS,
  G02: SPENDERS,
  G03: SPENDERS,
  I01: SPENDERS,
  I02: SPENDERS,
  I03: SPENDERS,
  I04: SPENDERS,
  I05: SPENDERS,
  I06: SPENDERS,
  I07: SPENDERS,
  I08: SPENDERS,
  D01: DEDUCTORS,
  D02: DEDUCTORS,
  D03: DEDUCTORS,
  D04: DEDUCTORS,
  D05: DEDUCTORS,
  D06: DEDUCTORS,
  D07: DEDUCTORS,
  D08: DEDUCTORS,
  D09: DEDUCTORS,
  D10: DEDUCTORS,
  S01: EVERY_REGIME,
  CP01: EVERY_REGIME,
  CN01: ['605'],
}

/** c_ClaveUnidad, the part of it a restaurant's sales need; each with the name Facturapi fills `unit_name` with. */
export const UNITS: Record<string, string> = {
  H87: 'Elemento', // Pieza; "Elemento" is Facturapi's default name for its default unit
  E48: 'Unidad de servicio',
  ACT: 'Actividad',
  C62: 'Uno',
  XUN: 'Unidad',
  EA: 'Elemento',
  KGM: 'Kilogramo',
  GRM: 'Gramo',
  LTR: 'Litro',
  MLT: 'Mililitro',
  XBX: 'Caja',
  XPK: 'Paquete',
  DAY: 'Día',
  HUR: 'Hora',
}

/** IVA traslado rates of c_TasaOCuota: 16 %, 8 % (región fronteriza) and 0 %. */
export const IVA_RATES = [0.16, 0.08, 0]

/**
 * The RFC's shape (Anexo 20's t_RFC): 3 letters (a moral) or 4 (a física),
 * the date, and a 3-character homoclave.
 */
export const RFC = /^[A-ZÑ&]{3,4}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/

/** The generic RFCs: sales to the general public (nacional) and to foreigners. */
export const PUBLIC_RFC = 'XAXX010101000'
export const FOREIGN_RFC = 'XEXX010101000'

export const isFisica = (rfc: string) => rfc.length === 13

/** c_Periodicidad of a global invoice's InformacionGlobal, by the periodicity Facturapi names. */
export const PERIODICITIES = { day: '01', week: '02', fortnight: '03', month: '04', two_months: '05' } as const
export type Periodicity = keyof typeof PERIODICITIES
export const PERIODICITY_NAMES = Object.keys(PERIODICITIES) as Periodicity[]

/** c_Meses: 01–12 and the bimesters 13–18. */
export const MONTHS = Array.from({ length: 18 }, (_, index) => String(index + 1).padStart(2, '0'))
