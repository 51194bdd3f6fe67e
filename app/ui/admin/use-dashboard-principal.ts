import { useRouteLoaderData } from '@remix-run/react'
import type { loader } from '~/routes/admin.dashboard'

/** Who is signed in and their restaurant, as the dashboard's frame loaded them once for all its tabs. */
export function useDashboardPrincipal() {
  const loaded = useRouteLoaderData<typeof loader>('routes/admin.dashboard')
  if (!loaded) throw new Error('useDashboardPrincipal is only for the dashboard’s tabs')
  return { restaurant: loaded.restaurant, person: loaded.person }
}
