import type { ApiAccess } from '~/server/auth/guard.server'
import { modifierOptionSchema } from '~/domain/schemas/menus'
import { json } from '~/server/http/api.server'
import { toWireModifierOption } from '~/server/menus/menu-wire.server'
import { createModifierOption } from '~/server/menus/modifier-groups.server'
import { menuNotFound, staffApi, withBody } from '~/server/http/resource-routes.server'
import { logChange } from '~/server/auth/change-log.server'

export const access = { POST: 'menus.manage' } satisfies ApiAccess

/** POST /api/modifier-options { name, description, priceAdjustment (cents), isDefault, modifierGroupId }. */
export const action = staffApi(access, {
  POST: withBody(modifierOptionSchema, async ({ db, restaurant, person, t, body }) => {
    const option = await createModifierOption(db, restaurant.id, body)
    if (!option) throw menuNotFound(t)
    await logChange(db, { restaurant, person }, 'menu.option.create', option.id)
    return json(toWireModifierOption(option), 201)
  }),
})

export const loader = action
