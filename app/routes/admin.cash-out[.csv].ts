import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { cashOutCsv, cashOutFileName } from '~/domain/cash-out-csv'
import { loadCashOut } from '~/server/books/cash-out.server'
import type { PageAccess } from '~/server/auth/guard.server'
import { getT } from '~/server/http/i18n.server'

/** GET /admin/cash-out.csv?day=… or ?from=…&to=…: the cash-out page's figures as a spreadsheet, in the owner's language. */
export const access: PageAccess = { view: 'books.view' }

export async function loader(args: LoaderFunctionArgs) {
  const cashOut = await loadCashOut(args, access)
  const t = await getT(args.request)
  if (!cashOut.ok) {
    const errors = Object.values(cashOut.errors).flat()
    return new Response([t('admin.cashOut.errors.title'), ...errors.map((error) => t.message(error))].join('\n'), {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    })
  }
  const { restaurant, person, period, timeZone, report, drawers, registers } = cashOut
  const csv = cashOutCsv(
    report,
    { restaurant: restaurant.restaurantName ?? person.email, period, timeZone, drawers, registers },
    t,
  )
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${cashOutFileName(period, t)}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
