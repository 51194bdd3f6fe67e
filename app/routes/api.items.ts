import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { addItemsRequestSchema } from '~/domain/schemas/items'
import { getDb } from '~/server/db/client.server'
import { api, apiError, json, methodNotAllowed, readJson } from '~/server/http.server'
import { tableSessionStub } from '~/server/table-session.server'
import { resolveOpenSession } from '~/server/tables.server'

export const loader = methodNotAllowed('POST')

/** POST /api/items: adds one line (SPEC §7) or a whole cart (`items`) to a table's bill. */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const { env } = context.cloudflare
  const body = await readJson(request, addItemsRequestSchema)
  const sessionId = await resolveOpenSession(getDb(env.DB), body.tableId, body.sessionId)
  const result = await tableSessionStub(env, sessionId).addItems(sessionId, body)
  if (!result.ok) return apiError(result.status, result.message)
  return json({ items: result.items }, 201)
})
