import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { addItemsRequestSchema } from '~/domain/schemas/items'
import { getStaffUser } from '~/server/auth/session.server'
import { addOrder } from '~/server/bill-writes.server'
import { api, json, methodNotAllowed, readJson } from '~/server/http.server'
import { apiFailure } from '~/server/write-result.server'

export const loader = methodNotAllowed('POST')

/**
 * POST /api/items: adds one line or a whole cart (`items`) to a table's bill.
 * A diner's lines must name menu items (the menu prices them); a line with
 * its own name and price needs the restaurant's staff session, or the demo table.
 */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const body = await readJson(request, addItemsRequestSchema)
  const staff = await getStaffUser(context, request)
  const result = await addOrder(context.cloudflare.env, body, {
    staffUserId: staff?.id ?? null,
    staffName: staff?.ownerName ?? undefined,
    address: context.clientAddress,
  })
  if (!result.ok) return apiFailure(request, result)
  return json({ items: result.items }, 201)
})
