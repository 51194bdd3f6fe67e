import { modifierOptionSchema } from '~/domain/schemas/menus'
import { json, methodNotAllowed, readJson } from '~/server/http/api.server'
import { toWireModifierOption } from '~/server/menus/menu-wire.server'
import { createModifierOption } from '~/server/menus/menu-store.server'
import { menuNotFound, staffApi } from '~/server/http/staff-api.server'

export const loader = methodNotAllowed('POST')

/** POST /api/modifier-options { name, description, priceAdjustment (cents), isDefault, modifierGroupId }. */
export const action = staffApi({
  POST: async ({ request, db, restaurant, t }) => {
    const option = await createModifierOption(db, restaurant.id, await readJson(request, modifierOptionSchema, t))
    if (!option) throw menuNotFound(t)
    return json(toWireModifierOption(option), 201)
  },
})
