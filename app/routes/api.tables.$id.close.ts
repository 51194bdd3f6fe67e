import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { closeBillSchema } from '~/domain/schemas/tables'
import { requireStaffApi } from '~/server/auth/session.server'
import { closeBill } from '~/server/bill-writes.server'
import { getDb } from '~/server/db/client.server'
import { api, ApiError, json, methodNotAllowed, readJson } from '~/server/http.server'
import { getT } from '~/server/i18n.server'
import { findOwnTable } from '~/server/tables.server'

export const loader = methodNotAllowed('POST')

/**
 * POST /api/tables/{id}/close { sessionId }: closes the table's open bill and
 * opens a fresh one under a new session id; answers the table as it is now.
 */
export const action = api(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== 'POST') throw new ApiError(405, 'Method not allowed; use POST.')
  const user = await requireStaffApi(context, request)
  const t = await getT(request)
  const env = context.cloudflare.env
  const db = getDb(env.DB)
  const table = await findOwnTable(db, user.id, params.id ?? '')
  if (!table) throw new ApiError(404, t('admin.errors.notFound'))
  const { sessionId } = await readJson(request, closeBillSchema, t)
  const result = await closeBill(env, table.id, sessionId)
  if (!result.ok) throw new ApiError(result.status, result.code === 'CLOSED' ? t('admin.details.alreadyClosed') : result.message, { code: result.code })
  return json(await findOwnTable(db, user.id, table.id))
})
