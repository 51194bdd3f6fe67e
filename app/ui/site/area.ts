/** The diner's screens; any other path under /customer is the site's 404 page. */
const DINER_PATH =
  /^\/(customer(\/(table|menu|cart|pay-items|split-equal|payment-options|tip|payment-method|payment-confirmation))?(\/[^/]+)?|table\/[^/]+)\/?$/

/** A payment's receipt: a diner's screen with the receipt's own strings. */
const RECEIPT_PATH = /^\/customer\/receipt\/[^/]+\/[^/]+\/?$/

/** Which part of the product a path belongs to: the strings its pages get follow. */
export function areaOf(pathname: string): 'admin' | 'diner' | 'receipt' | 'site' {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin'
  if (RECEIPT_PATH.test(pathname)) return 'receipt'
  if (DINER_PATH.test(pathname)) return 'diner'
  return 'site'
}
