import { useRouteLoaderData } from '@remix-run/react'
import type { loader } from '~/routes/admin.dashboard'

/** The signed-in owner, as the dashboard's frame loaded it once for all its tabs. */
export function useDashboardUser() {
  const loaded = useRouteLoaderData<typeof loader>('routes/admin.dashboard')
  if (!loaded) throw new Error('useDashboardUser is only for the dashboard’s tabs')
  return loaded.user
}
