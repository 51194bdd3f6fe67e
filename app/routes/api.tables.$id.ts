import { wireTable } from '~/domain/wire'
import type { ApiAccess } from '~/server/auth/guard.server'
import { updateTableSchema } from '~/domain/schemas/tables'
import { ApiError, json } from '~/server/http/api.server'
import { staffApi, withBody } from '~/server/http/resource-routes.server'
import { archiveRefusalKey, archiveTable, findOwnTable, updateTable } from '~/server/tables/tables.server'

export const access = { GET: 'tables.view', PATCH: 'tables.manage', DELETE: 'tables.manage' } satisfies ApiAccess

/**
 * GET /api/tables/{id}: one of the owner's tables (another owner's answers
 * 404); PATCH (tableName, capacity) edits it and DELETE archives it.
 */
export const action = staffApi(access, {
  GET: async ({ params, db, restaurant, t }) => {
    const table = await findOwnTable(db, restaurant.id, params.id ?? '')
    if (!table) throw new ApiError('NOT_FOUND', t('admin.errors.notFound'))
    return json(wireTable(table))
  },
  PATCH: withBody(updateTableSchema, async ({ params, env, restaurant, t, body }) => {
    const table = await updateTable(env, restaurant.id, params.id ?? '', body)
    if (!table) throw new ApiError('NOT_FOUND', t('admin.errors.notFound'))
    return json(wireTable(table))
  }),
  // Archives the table (its bills and payments stay in the books); the answer keeps the shape it had when tables were deleted.
  DELETE: async ({ params, env, restaurant, t }) => {
    const result = await archiveTable(env, restaurant.id, params.id ?? '')
    if (!result) throw new ApiError('NOT_FOUND', t('admin.errors.notFound'))
    if (!result.ok) throw new ApiError(result.code, t(archiveRefusalKey(result.code)))
    return json({ deleted: true })
  },
})

export const loader = action
