import { useEffect } from 'react'
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
 * One cut-out card of the print page: the table, its QR code (with its quiet
 * zone, drawn by qrSvg), and under it the short code and where to type it.
 */
export function PrintCard({ table, site }: { table: PrintableTable; site: string }) {
  const { t } = useI18n()
  return (
    <article
      className="grid break-inside-avoid justify-items-center gap-2 rounded-2xl border-2 border-dashed border-stone-400 p-6 text-center"
      data-testid="print-card"
    >
      <p className="text-2xl font-bold">{tableLabel(t, table)}</p>
      {/* Server-rendered SVG from the qrcode library. */}
      <div className="[&>svg]:size-56" dangerouslySetInnerHTML={{ __html: table.svg }} />
      <p className="text-lg font-semibold">{t('admin.qr.scanToPay')}</p>
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
