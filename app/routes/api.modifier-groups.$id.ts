import { json, methodNotAllowed } from '~/server/http.server'
import { deleteModifierGroup } from '~/server/menus.server'
import { menuNotFound, staffApi } from '~/server/staff-api.server'

export const loader = methodNotAllowed('DELETE')

/** DELETE /api/modifier-groups/{id} (its options go too). */
export const action = staffApi({
  DELETE: async ({ params, db, user, t }) => {
    if (!(await deleteModifierGroup(db, user.id, params.id ?? ''))) throw menuNotFound(t)
    return json({ deleted: true })
  },
})
