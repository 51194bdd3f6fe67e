import { PDFDocument, StandardFonts, rgb, type PDFFont } from '@cantoo/pdf-lib'
import type { ReceiptDocument, ReceiptRow } from '~/domain/receipt-document'

/** A till roll's width (80 mm): a receipt prints as one strip, as long as it needs to be. */
const WIDTH = 227
const MARGIN = 14
const SIZE = 9
const LEADING = 12.5
const INK = rgb(0.1, 0.1, 0.1)
const GREY = rgb(0.38, 0.38, 0.38)

type Line =
  | { kind: 'text'; text: string; font: 'regular' | 'bold'; size: number; centred?: boolean; grey?: boolean }
  | { kind: 'row'; label: string; value: string; bold: boolean }
  | { kind: 'rule' }
  | { kind: 'gap' }

/**
 * The receipt as a PDF made here (no browser): the same words as its page,
 * on one page a till roll wide. The standard Helvetica covers Spanish; a
 * character it cannot draw (an emoji in a dish's name) is left out rather
 * than failing the whole receipt.
 */
export async function receiptPdf(document: ReceiptDocument, meta: { title: string; createdAt: number }) {
  const pdf = await PDFDocument.create()
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  }
  const drawable = new Set(fonts.regular.getCharacterSet())
  const clean = (text: string) => [...text].filter((char) => drawable.has(char.codePointAt(0)!)).join('')
  const inner = WIDTH - 2 * MARGIN
  const wrap = (text: string, font: PDFFont, size: number, width = inner): string[] => {
    const lines: string[] = []
    let current = ''
    for (const word of clean(text).split(/\s+/).filter(Boolean)) {
      const next = current ? `${current} ${word}` : word
      if (current && font.widthOfTextAtSize(next, size) > width) {
        lines.push(current)
        current = word
      } else current = next
    }
    return current ? [...lines, current] : lines
  }

  const lines: Line[] = []
  const text = (
    value: string,
    font: 'regular' | 'bold',
    size = SIZE,
    options: { centred?: boolean; grey?: boolean } = {},
  ) =>
    wrap(value, fonts[font], size).forEach((part) => lines.push({ kind: 'text', text: part, font, size, ...options }))
  const rows = (list: ReceiptRow[]) =>
    list.forEach((row) =>
      lines.push({ kind: 'row', label: clean(row.label), value: clean(row.value), bold: row.strong === true }),
    )
  const [name, ...issuer] = document.issuer
  if (name) text(name, 'bold', 12, { centred: true })
  issuer.forEach((part) => text(part, 'regular', 8, { centred: true, grey: true }))
  lines.push({ kind: 'gap' })
  text(document.title, 'bold', 11, { centred: true })
  text(document.folio, 'regular', SIZE, { centred: true })
  lines.push({ kind: 'rule' })
  rows(document.facts)
  lines.push({ kind: 'rule' })
  rows(document.paid)
  lines.push({ kind: 'rule' })
  rows(document.totals)
  if (document.after.length > 0) {
    lines.push({ kind: 'rule' })
    rows(document.after)
  }
  lines.push({ kind: 'gap' })
  document.notes.forEach((note) => text(note, 'regular', 7.5, { grey: true }))

  /**
   * A row's lines: the label beside its value at the right, the label
   * wrapping; a value too wide to sit beside the label goes on the line below.
   */
  const rowLayout = (line: Extract<Line, { kind: 'row' }>) => {
    const font = line.bold ? fonts.bold : fonts.regular
    const valueWidth = font.widthOfTextAtSize(line.value, SIZE)
    const below = valueWidth > inner * 0.6
    const labelLines = wrap(line.label, font, SIZE, below ? inner : inner - valueWidth - 8)
    return { font, valueWidth, below, labelLines: labelLines.length > 0 ? labelLines : [''] }
  }
  const rowHeight = (line: Extract<Line, { kind: 'row' }>) => {
    const { below, labelLines } = rowLayout(line)
    return (labelLines.length + (below ? 1 : 0)) * LEADING
  }
  const heightOf = (line: Line) =>
    line.kind === 'row' ? rowHeight(line) : line.kind === 'text' ? line.size + 4 : line.kind === 'rule' ? 10 : 6
  const height = lines.reduce((sum, line) => sum + heightOf(line), 2 * MARGIN)
  const page = pdf.addPage([WIDTH, Math.max(height, 200)])
  let y = page.getHeight() - MARGIN
  for (const line of lines) {
    switch (line.kind) {
      case 'text': {
        const font = fonts[line.font]
        const width = font.widthOfTextAtSize(line.text, line.size)
        y -= line.size + 4
        page.drawText(line.text, {
          x: line.centred ? (WIDTH - width) / 2 : MARGIN,
          y: y + 3,
          size: line.size,
          font,
          color: line.grey ? GREY : INK,
        })
        break
      }
      case 'row': {
        const { font, valueWidth, below, labelLines } = rowLayout(line)
        y -= LEADING
        if (!below)
          page.drawText(line.value, { x: WIDTH - MARGIN - valueWidth, y: y + 3, size: SIZE, font, color: INK })
        labelLines.forEach((part, index) => {
          if (index > 0) y -= LEADING
          page.drawText(part, { x: MARGIN, y: y + 3, size: SIZE, font, color: INK })
        })
        if (below) {
          y -= LEADING
          page.drawText(line.value, {
            x: Math.max(MARGIN, WIDTH - MARGIN - valueWidth),
            y: y + 3,
            size: SIZE,
            font,
            color: INK,
          })
        }
        break
      }
      case 'rule':
        y -= 10
        page.drawLine({
          start: { x: MARGIN, y: y + 5 },
          end: { x: WIDTH - MARGIN, y: y + 5 },
          thickness: 0.5,
          color: GREY,
          dashArray: [2, 2],
        })
        break
      case 'gap':
        y -= 6
    }
  }
  pdf.setTitle(clean(meta.title))
  pdf.setProducer('Mesa')
  pdf.setCreator('Mesa')
  pdf.setCreationDate(new Date(meta.createdAt))
  pdf.setModificationDate(new Date(meta.createdAt))
  return pdf.save()
}
