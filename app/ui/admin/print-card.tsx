import { useEffect } from 'react'
import { useI18n } from '../i18n'
import { tableLabel } from './restaurant'

export interface PrintableTable {
  id: string
  tableNumber: string
  tableName: string | null
  url: string
  svg: string
}

/** One cut-out card of the print page: the code, the table and the instruction. */
export function PrintCard({ table }: { table: PrintableTable }) {
  const { t } = useI18n()
  return (
    <article className="grid break-inside-avoid justify-items-center gap-2 rounded-2xl border-2 border-dashed border-stone-400 p-6 text-center" data-testid="print-card">
      <p className="text-2xl font-bold">
        {tableLabel(t, table)}
      </p>
      {/* Server-rendered SVG from the qrcode library. */}
      <div className="[&>svg]:size-56" dangerouslySetInnerHTML={{ __html: table.svg }} />
      <p className="text-lg font-semibold">{t('admin.qr.scanToPay')}</p>
    </article>
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
