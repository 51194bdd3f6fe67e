import type { ApiAccess } from '~/server/auth/guard.server'
import { json } from '~/server/http/api.server'
import { deleteModifierOption } from '~/server/menus/modifier-groups.server'
import { menuNotFound, staffApi } from '~/server/http/resource-routes.server'
import { logChange } from '~/server/auth/change-log.server'

export const access = { DELETE: 'menus.manage' } satisfies ApiAccess

/** DELETE /api/modifier-options/{id}. */
export const action = staffApi(access, {
  DELETE: async ({ params, db, restaurant, person, t }) => {
    if (!(await deleteModifierOption(db, restaurant.id, params.id ?? ''))) throw menuNotFound(t)
    await logChange(db, { restaurant, person }, 'menu.option.delete', params.id ?? null)
    return json({ deleted: true })
  },
})

export const loader = action
