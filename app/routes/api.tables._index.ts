import { createTableSchema } from '~/domain/schemas/tables'
import { apiError, json, readJson } from '~/server/http/api.server'
import { staffApi } from '~/server/http/staff-api.server'
import { createTable } from '~/server/tables/tables.server'

/** POST /api/tables: a new table of the signed-in owner; 409 when its number is taken. */
const tables = staffApi({
  POST: async ({ request, db, restaurant, t }) => {
    const table = await createTable(db, restaurant.id, await readJson(request, createTableSchema, t))
    if (!table) return apiError('TABLE_NUMBER_TAKEN', t('admin.errors.tableNumberTaken'))
    return json(table, 201)
  },
})

export const loader = tables
export const action = tables
