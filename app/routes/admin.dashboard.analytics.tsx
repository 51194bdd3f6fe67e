import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { restaurantTimeZone } from '~/domain/local-time'
import { readAnalytics } from '~/server/analytics.server'
import { requireStaffPage } from '~/server/auth/session.server'
import { getDb } from '~/server/db/client.server'
import { AnalyticsTab } from '~/ui/admin/analytics-tab'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaffPage(context, request)
  return {
    analytics: await readAnalytics(getDb(context.cloudflare.env.DB), user.id, restaurantTimeZone(user.timeZone)),
  }
}

export default function Analytics() {
  const { analytics } = useLoaderData<typeof loader>()
  return <AnalyticsTab analytics={analytics} />
}
