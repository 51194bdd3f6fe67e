import { IVA_RATES, UNITS } from './catalogs'
import { invalidField, notImplemented } from './errors'
import { Fields } from './fields'

/**
 * The concepts of a receipt (`items`), read as Facturapi's Create Receipt
 * takes them, and what each comes to in the CFDI. The stand-in implements
 * what a restaurant's sale needs: a product given inline, IVA transferred
 * (16 %, 8 % or 0 %) or no tax at all (taxability 01). Products saved on
 * Facturapi (a product id), discounts, IEPS, ISR, withholdings, local taxes,
 * parts, third parties and complements are refused as not implemented.
 */

interface TaxObject {
  type: 'IVA'
  rate: number
  factor: 'Tasa'
  withholding: false
}

export interface ItemObject {
  quantity: number
  discount: number
  product: {
    description: string
    product_key: string
    unit_key: string
    unit_name: string
    price: number
    tax_included: boolean
    /** ObjetoImp: 01 not subject to tax, 02 subject to it. */
    taxability: '01' | '02'
    taxes: TaxObject[]
    local_taxes: []
    sku?: string
  }
  customs_keys: []
  parts: []
  property_tax_account: []
}

/** One line as the CFDI states it, in centavos: its Concepto. */
export interface Concept {
  product_key: string
  /** NoIdentificacion. */
  sku?: string
  quantity: number
  unit_key: string
  unit_name: string
  description: string
  /** ValorUnitario: the price before tax, to 6 decimals as Anexo 20 allows. */
  unit_value: number
  /** Importe: quantity × unit value, before tax. */
  base: number
  /** The IVA transferred on `base`, or null for a concept not subject to tax (ObjetoImp 01). */
  iva: { rate: number; amount: number } | null
}

/** A receipt holds at most 5,000 concepts (Create Receipt's `items`). */
const MAX_ITEMS = 5000

const ITEM_FIELDS = ['quantity', 'discount', 'product']
const ITEM_UNIMPLEMENTED = ['customs_keys', 'parts', 'complement', 'third_party', 'property_tax_account']
const PRODUCT_FIELDS = [
  'description',
  'product_key',
  'price',
  'tax_included',
  'taxability',
  'taxes',
  'local_taxes',
  'unit_key',
  'unit_name',
  'sku',
]
const TAX_FIELDS = ['type', 'rate', 'factor', 'withholding']

export function readItems(body: Fields): ItemObject[] {
  const items = body.list('items')
  if (items === undefined || items.length === 0) throw body.required('items')
  if (items.length > MAX_ITEMS)
    throw body.invalid('items', 'too_large', `El campo "items" admite a lo más ${MAX_ITEMS} conceptos.`)
  return items.map((item, index) =>
    readItem(Fields.of(item, `items.${index}`, ITEM_FIELDS, { unimplemented: ITEM_UNIMPLEMENTED })),
  )
}

function readItem(item: Fields): ItemObject {
  const quantity = item.number('quantity') ?? 1
  if (quantity <= 0)
    throw item.invalid('quantity', 'too_small', `El campo "${item.path('quantity')}" debe ser mayor a 0.`)
  if ((item.number('discount') ?? 0) !== 0) throw notImplemented(item.path('discount'), 'descuentos')
  if (typeof item.raw('product') === 'string') throw notImplemented(item.path('product'), 'productos guardados (un id)')
  const product = item.requiredObject('product', PRODUCT_FIELDS)
  const localTaxes = product.list('local_taxes')
  if (localTaxes?.length) throw notImplemented(product.path('local_taxes'), 'impuestos locales')
  const description = product.requiredString('description')
  if (description.length > 1000)
    throw product.invalid(
      'description',
      'too_large',
      `El campo "${product.path('description')}" admite 1000 caracteres.`,
    )
  const productKey = product.requiredString('product_key')
  if (!/^\d{8}$/.test(productKey))
    throw product.invalid(
      'product_key',
      'invalid_format',
      `El campo "${product.path('product_key')}" debe ser una clave de 8 dígitos del catálogo c_ClaveProdServ del SAT.`,
    )
  const price = product.number('price')
  if (price === undefined) throw product.required('price')
  // Anexo 20 asks a ValorUnitario above zero for an income CFDI; what a free line would be is not Facturapi's to guess.
  if (price <= 0) throw product.invalid('price', 'too_small', `El campo "${product.path('price')}" debe ser mayor a 0.`)
  const unitKey = product.string('unit_key') ?? 'H87'
  const unitName = UNITS[unitKey]
  if (unitName === undefined)
    throw invalidField(
      product.path('unit_key'),
      'unit_key_not_found',
      `La clave de unidad "${unitKey}" no está en la parte del catálogo c_ClaveUnidad que conoce el stand-in de Facturapi (${Object.keys(UNITS).join(', ')}).`,
    )
  const taxability = product.oneOf('taxability', ['01', '02', '03', '04', '05', '06', '07', '08']) ?? '02'
  if (taxability !== '01' && taxability !== '02')
    throw notImplemented(product.path('taxability'), `el objeto de impuesto ${taxability}`)
  const taxes = readTaxes(product, taxability)
  const sku = product.string('sku')
  return {
    quantity,
    discount: 0,
    product: {
      description,
      product_key: productKey,
      unit_key: unitKey,
      unit_name: product.string('unit_name') ?? unitName,
      price,
      tax_included: product.boolean('tax_included') ?? true,
      taxability,
      taxes,
      local_taxes: [],
      ...(sku !== undefined ? { sku } : {}),
    },
    customs_keys: [],
    parts: [],
    property_tax_account: [],
  }
}

/** Without `taxes`, taxability 02 means IVA at 16 % and 01 no tax at all (Create Receipt's `taxes`). */
function readTaxes(product: Fields, taxability: '01' | '02'): TaxObject[] {
  const given = product.list('taxes')
  if (given === undefined)
    return taxability === '02' ? [{ type: 'IVA', rate: 0.16, factor: 'Tasa', withholding: false }] : []
  if (taxability === '01' && given.length > 0)
    throw product.invalid(
      'taxes',
      'not_allowed',
      `Un concepto con objeto de impuesto 01 (no objeto de impuesto) no lleva impuestos ("${product.path('taxes')}").`,
    )
  // ObjetoImp 02 obliges the concept to break its taxes down (Anexo 20): an empty list cannot be stamped.
  if (taxability === '02' && given.length === 0)
    throw product.invalid(
      'taxes',
      'not_allowed',
      `Un concepto objeto de impuesto (02) debe desglosar al menos un impuesto ("${product.path('taxes')}").`,
    )
  if (given.length > 1) throw notImplemented(product.path('taxes'), 'más de un impuesto por concepto')
  const tax = Fields.of(given[0], product.path('taxes.0'), TAX_FIELDS, { unimplemented: ['base', 'ieps_mode'] })
  const type = tax.oneOf('type', ['IVA', 'ISR', 'IEPS']) ?? 'IVA'
  if (type !== 'IVA') throw notImplemented(tax.path('type'), `el impuesto ${type}`)
  if (tax.boolean('withholding')) throw notImplemented(tax.path('withholding'), 'retenciones')
  const factor = tax.oneOf('factor', ['Tasa', 'Cuota', 'Exento']) ?? 'Tasa'
  if (factor !== 'Tasa') throw notImplemented(tax.path('factor'), `el tipo de factor ${factor}`)
  const rate = tax.number('rate')
  if (rate === undefined) throw tax.required('rate')
  if (!IVA_RATES.includes(rate))
    throw tax.invalid(
      'rate',
      'invalid_value',
      `La tasa ${rate} no está en el catálogo c_TasaOCuota para IVA trasladado (${IVA_RATES.join(', ')}).`,
    )
  return [{ type: 'IVA', rate, factor: 'Tasa', withholding: false }]
}

/**
 * What a concept comes to. With the tax in the price, the line's amount is
 * what was charged and the base is taken out of it, so that the invoice's
 * total is the receipt's to the centavo; without, the tax is added on top.
 */
export function conceptOf(item: ItemObject): Concept {
  const { product, quantity } = item
  const charged = cents(quantity * product.price)
  const rate = product.taxes[0]?.rate ?? null
  const base = rate === null ? charged : product.tax_included ? Math.round(charged / (1 + rate)) : charged
  const iva = rate === null ? null : { rate, amount: product.tax_included ? charged - base : Math.round(base * rate) }
  return {
    product_key: product.product_key,
    ...(product.sku !== undefined ? { sku: product.sku } : {}),
    quantity,
    unit_key: product.unit_key,
    unit_name: product.unit_name,
    description: product.description,
    unit_value: Math.round((base / 100 / quantity) * 1e6) / 1e6,
    base,
    iva,
  }
}

/** What a concept costs with its tax, in centavos. */
export const chargedFor = (concept: Concept) => concept.base + (concept.iva?.amount ?? 0)

/** An amount in pesos as whole centavos, without the float error of `x * 100`. */
export const cents = (pesos: number) => Math.round(Number((pesos * 100).toFixed(6)))

export const pesos = (centavos: number) => centavos / 100
