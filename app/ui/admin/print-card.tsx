import { useEffect } from 'react'
import { CARD_SCAN_WORDS } from '~/domain/qr-card'
import { useI18n } from '../i18n'
import { tableLabel } from './restaurant'

export interface PrintableTable {
  id: string
  tableNumber: string
  tableName: string | null
  /** As printed: `K7MQ-4XPD`. */
  shortCode: string
  url: string
  svg: string
}

/**
 * One cut-out card of the print page (its dashed edge is where to cut): the
 * restaurant and the table, its QR code (with its quiet zone, drawn by
 * qrSvg), what to do in Spanish and English, and under it the short code and
 * where to type it.
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
      className="grid break-inside-avoid justify-items-center gap-2 border-2 border-dashed border-stone-500 p-6 text-center"
      data-testid="print-card"
    >
      <p className="font-semibold text-stone-700">{restaurantName}</p>
      <p className="text-2xl font-bold">{tableLabel(t, table)}</p>
      {/* Server-rendered SVG from the qrcode library. */}
      <div className="[&>svg]:size-56" dangerouslySetInnerHTML={{ __html: table.svg }} />
      <div className="grid">
        {CARD_SCAN_WORDS.map((words) => (
          <p key={words.lang} lang={words.lang} className="text-lg font-semibold">
            {words.text}
          </p>
        ))}
      </div>
      <TableCode code={table.shortCode} />
      <p className="text-sm text-stone-700">{t('admin.qr.typeAt', { site })}</p>
    </article>
  )
}

/** A table's short code under its caption, large and spaced so it is read and typed without mistakes. */
export function TableCode({ code }: { code: string }) {
  const { t } = useI18n()
  return (
    <p className="grid justify-items-center">
      <span className="text-sm font-semibold text-stone-700 dark:text-stone-300">{t('admin.qr.codeLabel')}</span>
      {/* The spacing follows the last letter too; as much on the left keeps the code centred. */}
      <span className="pl-[0.1em] font-mono text-4xl font-bold tracking-widest" data-testid="table-code">
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
