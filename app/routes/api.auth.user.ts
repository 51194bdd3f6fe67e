import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { requireStaffApi } from '~/server/auth/session.server'
import { api, json } from '~/server/http.server'

/** GET /api/auth/user: the signed-in owner, or 401. */
export const loader = api(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireStaffApi(context, request)
  return json({ id: user.id, email: user.email, ownerName: user.ownerName, restaurantName: user.restaurantName })
})
