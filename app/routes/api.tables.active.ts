import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { requireStaffApi } from '~/server/auth/session.server'
import { getDb } from '~/server/db/client.server'
import { api, json } from '~/server/http.server'
import { listTables } from '~/server/tables.server'

/** GET /api/tables/active: the signed-in owner's active tables. */
export const loader = api(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireStaffApi(context, request)
  return json(await listTables(getDb(context.cloudflare.env.DB), user.id))
})
