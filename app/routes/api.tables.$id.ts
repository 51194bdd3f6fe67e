import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { updateTableSchema } from '~/domain/schemas/tables'
import { requireStaffApi } from '~/server/auth/session.server'
import { getDb } from '~/server/db/client.server'
import { api, ApiError, json, readJson } from '~/server/http.server'
import { getT } from '~/server/i18n.server'
import { deleteTable, findOwnTable, updateTable } from '~/server/tables.server'

/** GET /api/tables/{id}: one of the owner's tables; another owner's answers 404. */
export const loader = api(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireStaffApi(context, request)
  const table = await findOwnTable(getDb(context.cloudflare.env.DB), user.id, params.id ?? '')
  if (!table) throw new ApiError(404, (await getT(request))('admin.errors.notFound'))
  return json(table)
})

/** PATCH /api/tables/{id} (tableName, capacity) and DELETE /api/tables/{id}. */
export const action = api(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== 'PATCH' && request.method !== 'DELETE') throw new ApiError(405, 'Method not allowed; use PATCH or DELETE.')
  const user = await requireStaffApi(context, request)
  const t = await getT(request)
  const id = params.id ?? ''
  if (request.method === 'DELETE') {
    if (!(await deleteTable(context.cloudflare.env, user.id, id))) throw new ApiError(404, t('admin.errors.notFound'))
    return json({ deleted: true })
  }
  const input = await readJson(request, updateTableSchema, t)
  const table = await updateTable(context.cloudflare.env, user.id, id, input)
  if (!table) throw new ApiError(404, t('admin.errors.notFound'))
  return json(table)
})
