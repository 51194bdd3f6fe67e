import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { CARDS_PER_SHEET, sheetsOf } from '~/domain/print-sheet'
import { requireStaff, type PageAccess } from '~/server/auth/guard.server'
import { codeEntrySite, qrSvg, tableUrl } from '~/server/tables/qr.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { listTables } from '~/server/tables/tables.server'
import { PageMargins, PrintCard, PrintSheet, useAutoPrint } from '~/ui/admin/print-card'
import { useI18n } from '~/ui/i18n'
import { staffTitle } from '~/ui/page-title'
import { PAPER } from '~/ui/theme'

export const handle = PAPER

export const meta: MetaFunction = (args) => staffTitle(args, (t) => t('admin.qr.allCodes'))

/** Every table's card, a sheet of paper's worth at a time, ready to cut out. */
export const access: PageAccess = { view: 'tables.view' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { restaurant } = await requireStaff(context, request, 'page', access.view)
  const origin = new URL(request.url).origin
  const tables = await listTables(ledgerOf(context.cloudflare.env, restaurant.id))
  return {
    restaurantName: restaurant.restaurantName ?? '',
    site: codeEntrySite(origin),
    tables: await Promise.all(
      tables.map(async (table) => {
        const url = tableUrl(origin, table.shortCode)
        return {
          id: table.id,
          tableNumber: table.tableNumber,
          tableName: table.tableName,
          shortCode: table.shortCode,
          url,
          svg: await qrSvg(url, 300),
        }
      }),
    ),
  }
}

export default function PrintAllQr() {
  const { restaurantName, site, tables } = useLoaderData<typeof loader>()
  const { t } = useI18n()
  useAutoPrint(false)
  const sheets = sheetsOf(tables)
  return (
    <main className="mx-auto max-w-4xl px-4 py-6 sm:px-6 print:p-0">
      <PageMargins />
      <h1 className="text-2xl font-bold print:hidden">{t('admin.qr.printAllTitle', { restaurant: restaurantName })}</h1>
      <p className="mb-6 text-stone-600 print:hidden">{t('admin.qr.cutHint', { count: CARDS_PER_SHEET })}</p>
      <div className="grid justify-items-center gap-8 print:block">
        {sheets.map((cards, index) => (
          <PrintSheet key={cards[0]!.id} caption={t('admin.qr.sheet', { sheet: index + 1, sheets: sheets.length })}>
            {cards.map((table) => (
              <PrintCard key={table.id} table={table} site={site} restaurantName={restaurantName} />
            ))}
          </PrintSheet>
        ))}
      </div>
    </main>
  )
}
