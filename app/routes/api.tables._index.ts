import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { createTableSchema } from '~/domain/schemas/tables'
import { requireStaffApi } from '~/server/auth/session.server'
import { getDb } from '~/server/db/client.server'
import { api, apiError, json, methodNotAllowed, readJson } from '~/server/http.server'
import { getT } from '~/server/i18n.server'
import { createTable } from '~/server/tables.server'

export const loader = methodNotAllowed('POST')

/** POST /api/tables: a new table of the signed-in owner. */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const user = await requireStaffApi(context, request)
  const t = await getT(request)
  const input = await readJson(request, createTableSchema, t)
  const table = await createTable(getDb(context.cloudflare.env.DB), user.id, input)
  if (!table) return apiError(409, t('admin.errors.tableNumberTaken'))
  return json(table, 201)
})
