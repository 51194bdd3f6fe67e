import { updateTableSchema } from '~/domain/schemas/tables'
import { ApiError, json, readJson } from '~/server/http.server'
import { staffApi } from '~/server/staff-api.server'
import { archiveRefusalKey, archiveTable, findOwnTable, updateTable } from '~/server/tables.server'

/** GET /api/tables/{id}: one of the owner's tables; another owner's answers 404. */
export const loader = staffApi({
  GET: async ({ params, db, user, t }) => {
    const table = await findOwnTable(db, user.id, params.id ?? '')
    if (!table) throw new ApiError(404, t('admin.errors.notFound'))
    return json(table)
  },
})

/** PATCH /api/tables/{id} (tableName, capacity) and DELETE /api/tables/{id} (archives it). */
export const action = staffApi({
  PATCH: async ({ request, params, env, user, t }) => {
    const table = await updateTable(env, user.id, params.id ?? '', await readJson(request, updateTableSchema, t))
    if (!table) throw new ApiError(404, t('admin.errors.notFound'))
    return json(table)
  },
  // Archives the table (its bills and payments stay in the books); the answer keeps the shape it had when tables were deleted.
  DELETE: async ({ params, env, user, t }) => {
    const result = await archiveTable(env, user.id, params.id ?? '')
    if (!result) throw new ApiError(404, t('admin.errors.notFound'))
    if (!result.ok) throw new ApiError(result.status, t(archiveRefusalKey(result.code)), { code: result.code })
    return json({ deleted: true })
  },
})
