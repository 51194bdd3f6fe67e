import { modifierGroupSchema } from '~/domain/schemas/menus'
import { json, methodNotAllowed, readJson } from '~/server/http/api.server'
import { createModifierGroup } from '~/server/menus/menu-store.server'
import { menuNotFound, staffApi } from '~/server/http/staff-api.server'

export const loader = methodNotAllowed('POST')

/** POST /api/modifier-groups { name, description, required, multipleSelect, menuItemId }. */
export const action = staffApi({
  POST: async ({ request, db, restaurant, t }) => {
    const group = await createModifierGroup(db, restaurant.id, await readJson(request, modifierGroupSchema, t))
    if (!group) throw menuNotFound(t)
    const { createdAt: _createdAt, ...wire } = group
    return json({ ...wire, options: [] }, 201)
  },
})
