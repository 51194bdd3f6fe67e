import { isIdLike } from '~/domain/schemas/fields'
import { readTablePayments } from '~/server/bills/diner-bill.server'
import { invariantApi, json } from '~/server/http/api.server'
import { publicApi } from '~/server/http/resource-routes.server'

/** GET /api/payments/table/{tableId}: payments of the table's open bill, newest first. */
export const loader = publicApi({
  GET: async ({ params, context }) => {
    const tableId = params.tableId ?? ''
    invariantApi(isIdLike(tableId), 'NOT_FOUND', 'Table not found.')
    const list = await readTablePayments(context.cloudflare.env, tableId)
    invariantApi(list, 'NOT_FOUND', 'Table not found.')
    return json(list)
  },
})

export const action = loader
