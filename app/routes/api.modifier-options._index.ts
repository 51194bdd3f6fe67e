import { modifierOptionSchema } from '~/domain/schemas/menus'
import { json, methodNotAllowed, readJson } from '~/server/http.server'
import { toWireModifierOption } from '~/server/menu-wire.server'
import { createModifierOption } from '~/server/menus.server'
import { menuNotFound, staffApi } from '~/server/staff-api.server'

export const loader = methodNotAllowed('POST')

/** POST /api/modifier-options { name, description, priceAdjustment (cents), isDefault, modifierGroupId }. */
export const action = staffApi({
  POST: async ({ request, db, user, t }) => {
    const option = await createModifierOption(db, user.id, await readJson(request, modifierOptionSchema, t))
    if (!option) throw menuNotFound(t)
    return json(toWireModifierOption(option), 201)
  },
})
