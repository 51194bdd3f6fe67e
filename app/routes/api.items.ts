import type { Permission } from '~/domain/permissions'
import { addItemsRequestSchema } from '~/domain/schemas/items'
import { signatureOf } from '~/domain/signature'
import { staffOrDiner } from '~/server/auth/guard.server'
import { addOrder } from '~/server/bills/bill-writes.server'
import { apiFailure } from '~/server/bills/write-result.server'
import { toWireItem } from '~/server/db/wire-rows.server'
import { json } from '~/server/http/api.server'
import { publicApi, withBody } from '~/server/http/resource-routes.server'

/** What a member needs to put lines on a bill here as staff (unlimited, signed, priced by hand). */
export const ORDER_ACCESS = 'orders.add' satisfies Permission

/**
 * POST /api/items: adds one line or a whole cart (`items`) to a table's bill.
 * A diner's lines must name menu items (the menu prices them); a line with
 * its own name and price needs the restaurant's staff session, or the demo table.
 */
export const action = publicApi({
  POST: withBody(addItemsRequestSchema, async ({ request, context, env, body }) => {
    // Lines priced by hand are staff's (`orders.add`), signed by them; anyone else orders from the menu.
    const priced = body.items.some((item) => item.menuItemId === undefined)
    const principal = await staffOrDiner(context, request, ORDER_ACCESS, priced)
    const staff = principal ? { ...signatureOf(principal.person), restaurantId: principal.restaurant.id } : null
    const result = await addOrder(env, body, { staff, address: context.clientAddress })
    if (!result.ok) return apiFailure(request, result)
    return json({ items: result.lines.map(toWireItem) }, 201)
  }),
})

export const loader = action
