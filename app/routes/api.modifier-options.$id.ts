import { json, methodNotAllowed } from '~/server/http/api.server'
import { deleteModifierOption } from '~/server/menus/menu-store.server'
import { menuNotFound, staffApi } from '~/server/http/staff-api.server'

export const loader = methodNotAllowed('DELETE')

/** DELETE /api/modifier-options/{id}. */
export const action = staffApi({
  DELETE: async ({ params, db, restaurant, t }) => {
    if (!(await deleteModifierOption(db, restaurant.id, params.id ?? ''))) throw menuNotFound(t)
    return json({ deleted: true })
  },
})
