import type { ApiAccess } from '~/server/auth/guard.server'
import { json } from '~/server/http/api.server'
import { toWireModifierGroup } from '~/server/menus/menu-wire.server'
import { findOwnMenuItem } from '~/server/menus/menu-items.server'
import { modifierGroupsOf } from '~/server/menus/modifier-groups.server'
import { menuNotFound, staffApi } from '~/server/http/resource-routes.server'

export const access = { GET: 'menus.view' } satisfies ApiAccess

/** GET /api/menu-items/{id}/modifier-groups: the item's groups with their options, adjustments in cents. */
export const loader = staffApi(access, {
  GET: async ({ params, db, restaurant, t }) => {
    const item = await findOwnMenuItem(db, restaurant.id, params.id ?? '')
    if (!item) throw menuNotFound(t)
    return json((await modifierGroupsOf(db, [item.id])).map(toWireModifierGroup))
  },
})

/** Only GET: any other method answers 405 like the rest of the API. */
export const action = loader
