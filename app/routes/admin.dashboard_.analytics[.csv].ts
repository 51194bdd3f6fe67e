import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { analyticsCsv, analyticsFileName } from '~/domain/analytics-csv'
import { analyticsRange } from '~/domain/analytics'
import { businessDayOf } from '~/domain/cash-out-period'
import { restaurantTimeZone } from '~/domain/local-time'
import { requireStaff, type PageAccess } from '~/server/auth/guard.server'
import { readAnalytics } from '~/server/books/analytics.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { simulatedStandsIn } from '~/server/env.server'
import { getT } from '~/server/http/i18n.server'

/** GET /admin/dashboard/analytics.csv?days=…: the analytics page's figures as a spreadsheet, every dish sold, in the owner's language. */
export const access: PageAccess = { view: 'books.view' }

/** Enough for any menu: the CSV lists every dish sold in the range. */
const EVERY_DISH = 500

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { restaurant, person } = await requireStaff(context, request, 'page', access.view)
  const timeZone = restaurantTimeZone(restaurant.timeZone)
  const now = Date.now()
  const days = analyticsRange(new URL(request.url).searchParams.get('days'))
  const analytics = await readAnalytics(ledgerOf(context.cloudflare.env, restaurant.id), {
    days,
    timeZone,
    now,
    simulatedStandsIn: simulatedStandsIn(context.cloudflare.env),
    dishes: EVERY_DISH,
  })
  const t = await getT(request)
  const today = businessDayOf(now, timeZone)
  const csv = analyticsCsv(analytics, { restaurant: restaurant.restaurantName ?? person.email, today, timeZone }, t)
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${analyticsFileName(days, today, t)}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
