import { json } from '~/server/http.server'
import { staffApi } from '~/server/staff-api.server'
import { listTables } from '~/server/tables.server'

/** GET /api/tables/active: the signed-in owner's active tables. */
export const loader = staffApi({
  GET: async ({ db, user }) => json(await listTables(db, user.id)),
})

/** Only GET: any other method answers 405 like the rest of the API. */
export const action = loader
