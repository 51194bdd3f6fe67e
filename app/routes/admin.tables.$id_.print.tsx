import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { SHEET_BLEED } from '~/domain/print-sheet'
import { requireStaffTable, type PageAccess } from '~/server/auth/guard.server'
import { codeEntrySite, qrSvg, tableUrl } from '~/server/tables/qr.server'
import { PageMargins, PrintCard, useAutoPrint } from '~/ui/admin/print-card'
import { staffTitle } from '~/ui/page-title'
import { PAPER } from '~/ui/theme'

export const handle = PAPER

export const meta: MetaFunction<typeof loader> = (args) =>
  staffTitle(args, (t) => t('admin.qr.title', { number: args.data?.table.tableNumber ?? '' }))

export const access: PageAccess = { view: 'tables.view' }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { table, restaurant } = await requireStaffTable(context, request, params.id, access.view)
  const origin = new URL(request.url).origin
  const url = tableUrl(origin, table.shortCode)
  return {
    site: codeEntrySite(origin),
    restaurantName: restaurant.restaurantName ?? '',
    table: {
      id: table.id,
      tableNumber: table.tableNumber,
      tableName: table.tableName,
      shortCode: table.shortCode,
      url,
      svg: await qrSvg(url, 300),
    },
  }
}

export default function PrintTableQr() {
  const { table, site, restaurantName } = useLoaderData<typeof loader>()
  useAutoPrint(true)
  return (
    <main className="mx-auto my-6 w-fit print:my-0" style={{ padding: `${SHEET_BLEED}mm` }}>
      <PageMargins />
      <PrintCard table={table} site={site} restaurantName={restaurantName} />
    </main>
  )
}
