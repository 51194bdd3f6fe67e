import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { isIdLike } from '~/domain/schemas/fields'
import { readTablePayments } from '~/server/bills/diner-bill.server'
import { api, invariantApi, json, methodNotAllowed } from '~/server/http/api.server'

/** GET /api/payments/table/{tableId}: payments of the table's open bill, newest first. */
export const loader = api(async ({ params, context }: LoaderFunctionArgs) => {
  const tableId = params.tableId ?? ''
  invariantApi(isIdLike(tableId), 'NOT_FOUND', 'Table not found.')
  const list = await readTablePayments(context.cloudflare.env, tableId)
  invariantApi(list, 'NOT_FOUND', 'Table not found.')
  return json(list)
})

export const action = methodNotAllowed('GET')
