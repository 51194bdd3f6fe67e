import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { isIdLike } from '~/domain/schemas/fields'
import { readTablePayments } from '~/server/customer.server'
import { api, invariantApi, json, methodNotAllowed } from '~/server/http.server'

/** GET /api/payments/table/{tableId}: payments of the table's open bill, newest first. */
export const loader = api(async ({ params, context }: LoaderFunctionArgs) => {
  const tableId = params.tableId ?? ''
  invariantApi(isIdLike(tableId), 404, 'Table not found.')
  const list = await readTablePayments(context.cloudflare.env, tableId)
  invariantApi(list, 404, 'Table not found.')
  return json(list)
})

export const action = methodNotAllowed('GET')
