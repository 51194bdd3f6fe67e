import { json, methodNotAllowed } from '~/server/http.server'
import { deleteModifierOption } from '~/server/menus.server'
import { menuNotFound, staffApi } from '~/server/staff-api.server'

export const loader = methodNotAllowed('DELETE')

/** DELETE /api/modifier-options/{id}. */
export const action = staffApi({
  DELETE: async ({ params, db, user, t }) => {
    if (!(await deleteModifierOption(db, user.id, params.id ?? ''))) throw menuNotFound(t)
    return json({ deleted: true })
  },
})
