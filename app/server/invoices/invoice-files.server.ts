import type { InvoiceRequestRow } from './invoice-requests.server'

/** The two files of a factura: what staff attach to one issued by hand, and what the diner downloads. */
export const INVOICE_FILE_TYPES = { pdf: 'application/pdf', xml: 'application/xml' } as const
export type InvoiceFileKind = keyof typeof INVOICE_FILE_TYPES

/** At most this much per file: a CFDI's PDF and XML are a few hundred KB. */
export const INVOICE_FILE_MAX_BYTES = 5 * 1024 * 1024

/** What each file must start with (after any whitespace or byte-order mark): the type a browser declares is its word, not the file's. */
const MAGIC: Record<InvoiceFileKind, RegExp> = { pdf: /^%PDF-/, xml: /^(\uFEFF)?\s*<(\?xml|cfdi:Comprobante)/ }

/** Whether `bytes` are a file of `kind` (a PDF, or a CFDI's XML). */
export function looksLike(kind: InvoiceFileKind, bytes: Uint8Array): boolean {
  return MAGIC[kind].test(new TextDecoder().decode(bytes.slice(0, 256)))
}

/** Keeps an issued factura's file in INVOICE_FILES under the request's id. */
export async function keepInvoiceFile(env: Env, requestId: string, kind: InvoiceFileKind, bytes: Uint8Array) {
  const key = `facturas/${requestId}.${kind}`
  await env.INVOICE_FILES.put(key, bytes, { httpMetadata: { contentType: INVOICE_FILE_TYPES[kind] } })
  return key
}

/** An issued factura's file, or null when it has none of that kind. */
export async function invoiceFile(env: Env, request: InvoiceRequestRow, kind: InvoiceFileKind) {
  const key = kind === 'pdf' ? request.pdfKey : request.xmlKey
  const object = key ? await env.INVOICE_FILES.get(key) : null
  return object ? { body: object.body, contentType: INVOICE_FILE_TYPES[kind] } : null
}
