import { folded } from './menu-search'

/**
 * What one of a dish is, said beside its price: an order where its
 * description counts in orders ("Tres tacos por orden"), so "$55.00 por
 * orden" is not read as one taco; otherwise one of it ("c/u"), as the bill's
 * "3×" counts it.
 */
export const priceUnit = (description: string | null): 'order' | 'each' =>
  /\b(orden|ordenes|orders?)\b/.test(folded(description ?? '')) ? 'order' : 'each'
