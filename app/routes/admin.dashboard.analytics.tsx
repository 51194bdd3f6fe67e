import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { analyticsRange } from '~/domain/analytics'
import { restaurantTimeZone } from '~/domain/local-time'
import { readAnalytics } from '~/server/books/analytics.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { simulatedStandsIn } from '~/server/env.server'
import { requireStaff, type PageAccess } from '~/server/auth/guard.server'
import { AnalyticsTab } from '~/ui/admin/analytics-tab'

export const access: PageAccess = { view: 'books.view' }

/** The range asked for (`?days=`: today, 7, 30 or 90 business days), and the same before it to compare. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { restaurant } = await requireStaff(context, request, 'page', access.view)
  return {
    analytics: await readAnalytics(ledgerOf(context.cloudflare.env, restaurant.id), {
      days: analyticsRange(new URL(request.url).searchParams.get('days')),
      timeZone: restaurantTimeZone(restaurant.timeZone),
      simulatedStandsIn: simulatedStandsIn(context.cloudflare.env),
    }),
  }
}

export default function Analytics() {
  const { analytics } = useLoaderData<typeof loader>()
  return <AnalyticsTab analytics={analytics} />
}
