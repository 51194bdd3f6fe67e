import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { addItemsRequestSchema } from '~/domain/schemas/items'
import { addOrder } from '~/server/bill-writes.server'
import { api, apiError, json, methodNotAllowed, readJson } from '~/server/http.server'

export const loader = methodNotAllowed('POST')

/** POST /api/items: adds one line or a whole cart (`items`) to a table's bill. */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const body = await readJson(request, addItemsRequestSchema)
  const result = await addOrder(context.cloudflare.env, body)
  if (!result.ok) return apiError(result.status, result.message, { code: result.code })
  return json({ items: result.items }, 201)
})
