import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { addItemsRequestSchema } from '~/domain/schemas/items'
import { principalOf } from '~/server/auth/guard.server'
import { addOrder } from '~/server/bills/bill-writes.server'
import { api, json, methodNotAllowed, readJson } from '~/server/http/api.server'
import { apiFailure } from '~/server/bills/write-result.server'

export const loader = methodNotAllowed('POST')

/**
 * POST /api/items: adds one line or a whole cart (`items`) to a table's bill.
 * A diner's lines must name menu items (the menu prices them); a line with
 * its own name and price needs the restaurant's staff session, or the demo table.
 */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const body = await readJson(request, addItemsRequestSchema)
  // Staff may put lines of their own on the bill; anyone else orders from the menu.
  const staff = await principalOf(context, request)
  const result = await addOrder(context.cloudflare.env, body, {
    staffUserId: staff?.restaurant.id ?? null,
    staffName: staff?.person.name ?? undefined,
    address: context.clientAddress,
  })
  if (!result.ok) return apiFailure(request, result)
  return json({ items: result.items }, 201)
})
