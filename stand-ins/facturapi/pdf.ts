import { type InvoiceObject } from './invoices'

/**
 * The invoice's printed representation: a one-page PDF with the facts a
 * reader looks for (folio, fiscal folio, issuer, receiver, use, payment
 * form, each concept, the total). Real enough for a viewer to open and a
 * test to read; it is not Facturapi's layout.
 */
export function invoicePdf(invoice: InvoiceObject): Uint8Array<ArrayBuffer> {
  const money = (amount: number) => `$${amount.toFixed(2)} MXN`
  const lines = [
    'Factura (CFDI 4.0) - stand-in de Facturapi, sin validez fiscal',
    `Folio: ${invoice.series}${invoice.folio_number}`,
    `Folio fiscal (UUID): ${invoice.uuid}`,
    `Emisor: ${invoice.issuer_info.legal_name} (${invoice.issuer_info.tax_id})`,
    `Receptor: ${invoice.customer.legal_name} (${invoice.customer.tax_id})`,
    `Uso CFDI: ${invoice.use}   Forma de pago: ${invoice.payment_form}   Metodo de pago: PUE`,
    ...invoice.items.map(
      ({ quantity, product }) =>
        `${quantity} x ${product.description} (${product.product_key}, ${product.unit_key}) ${money(product.price)}`,
    ),
    `Total: ${money(invoice.total)}`,
  ]
  return pdfOf(lines)
}

/** A one-page PDF of lines of text in Helvetica, with a correct cross-reference table. */
function pdfOf(lines: string[]): Uint8Array<ArrayBuffer> {
  const text = lines
    .map((line, index) => `BT /F1 10 Tf 40 ${800 - index * 16} Td (${pdfString(line)}) Tj ET`)
    .join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ]
  let pdf = '%PDF-1.4\n'
  const offsets = objects.map((object, index) => {
    const offset = pdf.length
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`
    return offset
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(pdf)
}

/** Text as a PDF string: ASCII only (accents dropped, so offsets count bytes), parentheses and backslashes escaped. */
const pdfString = (line: string) =>
  line
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[\\()]/g, (character) => `\\${character}`)
