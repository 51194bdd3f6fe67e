import { wireTable } from '~/domain/wire'
import type { ApiAccess } from '~/server/auth/guard.server'
import { createTableSchema } from '~/domain/schemas/tables'
import { apiError, json } from '~/server/http/api.server'
import { staffApi, withBody } from '~/server/http/resource-routes.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { createTable } from '~/server/tables/tables.server'

export const access = { POST: 'tables.manage' } satisfies ApiAccess

/** POST /api/tables: a new table of the signed-in owner; 409 when its number is taken. */
const tables = staffApi(access, {
  POST: withBody(createTableSchema, async ({ env, restaurant, t, body }) => {
    const table = await createTable(ledgerOf(env, restaurant.id), body)
    if (!table) return apiError('TABLE_NUMBER_TAKEN', t('admin.errors.tableNumberTaken'))
    return json(wireTable(table), 201)
  }),
})

export const loader = tables
export const action = tables
