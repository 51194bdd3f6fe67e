import { wireTable } from '~/domain/wire'
import type { ApiAccess } from '~/server/auth/guard.server'
import { json } from '~/server/http/api.server'
import { staffApi } from '~/server/http/resource-routes.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { listTables } from '~/server/tables/tables.server'

export const access = { GET: 'tables.view' } satisfies ApiAccess

/** GET /api/tables/active: the signed-in owner's active tables. */
export const loader = staffApi(access, {
  GET: async ({ env, restaurant }) => json((await listTables(ledgerOf(env, restaurant.id))).map(wireTable)),
})

/** Only GET: any other method answers 405 like the rest of the API. */
export const action = loader
