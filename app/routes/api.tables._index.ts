import { createTableSchema } from '~/domain/schemas/tables'
import { apiError, json, readJson } from '~/server/http.server'
import { staffApi } from '~/server/staff-api.server'
import { createTable } from '~/server/tables.server'

/** POST /api/tables: a new table of the signed-in owner; 409 when its number is taken. */
const tables = staffApi({
  POST: async ({ request, db, user, t }) => {
    const table = await createTable(db, user.id, await readJson(request, createTableSchema, t))
    if (!table) return apiError(409, t('admin.errors.tableNumberTaken'))
    return json(table, 201)
  },
})

export const loader = tables
export const action = tables
