import { type CSSProperties, type ReactNode, useEffect, useId } from 'react'
import { PRINT_SHEET, SHEET_BLEED, sheetSize } from '~/domain/print-sheet'
import { CARD_CODE_WORDS, CARD_SCAN_WORDS, cardCodeWords } from '~/domain/qr-card'
import { useI18n } from '../i18n'
import { tableLabel } from './restaurant'

interface PrintableTable {
  id: string
  tableNumber: string
  tableName: string | null
  /** As printed: `K7MQ-4XPD`. */
  shortCode: string
  url: string
  svg: string
}

const mm = (value: number) => `${value}mm`

/**
 * One table's card, at its printed size on screen too: the restaurant and
 * the table, its QR code (with its quiet zone, drawn by qrSvg), what to do in
 * Spanish and English, and under it the short code and where to type it,
 * in both languages too.
 * No border is drawn to cut along (a cut a hair off would leave a sliver of
 * it); crop marks outside its corners show where the edges are.
 */
export function PrintCard({
  table,
  site,
  restaurantName,
}: {
  table: PrintableTable
  site: string
  restaurantName: string
}) {
  const { t } = useI18n()
  return (
    <article
      className="relative flex flex-col items-center justify-center gap-0.5 bg-white px-[3mm] py-[2.5mm] text-center text-stone-900 ring-1 ring-stone-200 *:shrink-0 print:ring-0"
      style={{ width: mm(PRINT_SHEET.card.width), height: mm(PRINT_SHEET.card.height) }}
      data-testid="print-card"
    >
      <CropMarks />
      <p className="line-clamp-2 text-sm font-semibold text-balance text-stone-700">{restaurantName}</p>
      <p className="text-xl font-bold">{tableLabel(t, table)}</p>
      {/* Server-rendered SVG from the qrcode library. */}
      <div className="[&>svg]:size-56" dangerouslySetInnerHTML={{ __html: table.svg }} />
      <div className="grid">
        {CARD_SCAN_WORDS.map((words) => (
          <p key={words.lang} lang={words.lang} className="text-[14px] leading-tight font-semibold text-balance">
            {words.text}
          </p>
        ))}
      </div>
      {/* Two languages where the screen has one: the code a little smaller, so the card holds them. */}
      <TableCode code={table.shortCode} label={CARD_CODE_WORDS.map((words) => words.label).join(' · ')} compact />
      {CARD_CODE_WORDS.map((words) => (
        <p key={words.lang} lang={words.lang} className="text-[11px] leading-tight text-stone-700">
          {words.typeAt(site)}
        </p>
      ))}
    </article>
  )
}

const CORNERS = [
  ['top', 'left'],
  ['top', 'right'],
  ['bottom', 'left'],
  ['bottom', 'right'],
] as const

/**
 * Two short lines at each corner, continuing the card's edges outwards.
 * Drawn as borders, which print even when the dialog leaves out background colours.
 */
function CropMarks() {
  const { gap, length, thickness } = PRINT_SHEET.mark
  const away = mm(-(gap + length))
  const onEdge = mm(-thickness / 2)
  return CORNERS.flatMap(([y, x]) => [
    <span
      key={`${y}-${x}-across`}
      aria-hidden
      className="absolute border-t-black"
      style={{ [y]: onEdge, [x]: away, width: mm(length), borderTopWidth: mm(thickness), borderTopStyle: 'solid' }}
      data-testid="crop-mark"
    />,
    <span
      key={`${y}-${x}-down`}
      aria-hidden
      className="absolute border-l-black"
      style={{ [x]: onEdge, [y]: away, height: mm(length), borderLeftWidth: mm(thickness), borderLeftStyle: 'solid' }}
      data-testid="crop-mark"
    />,
  ])
}

/** A table's short code under its caption (the page's words unless told), large and spaced so it is read and typed without mistakes. */
export function TableCode({ code, label, compact = false }: { code: string; label?: string; compact?: boolean }) {
  const { language } = useI18n()
  return (
    <p className="grid justify-items-center">
      <span className={`font-semibold text-stone-700 dark:text-stone-300 ${compact ? 'text-xs' : 'text-sm'}`}>
        {label ?? cardCodeWords(language).label}
      </span>
      {/* The spacing follows the last letter too; as much on the left keeps the code centred. */}
      <span
        className={`pl-[0.1em] font-mono font-bold tracking-widest ${compact ? 'text-3xl' : 'text-4xl'}`}
        data-testid="table-code"
      >
        {code}
      </span>
    </p>
  )
}

/** Opens the print dialog half a second after load and, for a single card, closes the tab after. */
export function useAutoPrint(closeAfter: boolean) {
  useEffect(() => {
    const print = setTimeout(() => {
      window.print()
      if (closeAfter) setTimeout(() => window.close(), 500)
    }, 500)
    return () => clearTimeout(print)
  }, [closeAfter])
}

/** The page's margins on paper, the same for one card or a sheet of them. */
export function PageMargins() {
  return <style>{`@page { margin: ${mm(PRINT_SHEET.pageMargin)} }`}</style>
}

/**
 * Up to a sheet's worth of cards, the way they print: a grid of columns ×
 * rows with a gutter for the crop marks, and a page of its own. On a screen
 * wide enough it previews the sheet under its caption; on a phone the cards
 * stack.
 */
export function PrintSheet({ caption, children }: { caption: string; children: ReactNode }) {
  const { columns, card, gutter } = PRINT_SHEET
  const captionId = useId()
  return (
    <section
      aria-labelledby={captionId}
      className="grid justify-items-center gap-2 print:block print:break-inside-avoid print:not-last:break-after-page"
    >
      <h2 id={captionId} className="text-sm font-semibold text-stone-600 print:hidden">
        {caption}
      </h2>
      <div
        className="grid w-fit max-w-full justify-center gap-(--gutter) p-(--bleed) md:w-(--sheet-width) md:grid-cols-[repeat(var(--columns),var(--card-width))] md:content-start md:bg-white md:shadow-md md:ring-1 md:ring-stone-200 print:mx-auto print:w-(--sheet-width) print:grid-cols-[repeat(var(--columns),var(--card-width))] print:content-start print:shadow-none print:ring-0"
        style={
          {
            '--gutter': mm(gutter),
            '--bleed': mm(SHEET_BLEED),
            '--columns': columns,
            '--card-width': mm(card.width),
            '--sheet-width': mm(sheetSize().width),
          } as CSSProperties
        }
        data-testid="print-sheet"
      >
        {children}
      </div>
    </section>
  )
}
