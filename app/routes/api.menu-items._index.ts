import { menuItemSchema } from '~/domain/schemas/menus'
import { json, methodNotAllowed, readJson } from '~/server/http.server'
import { toWireMenuItem } from '~/server/menu-wire.server'
import { createMenuItem } from '~/server/menus.server'
import { menuNotFound, staffApi } from '~/server/staff-api.server'

export const loader = methodNotAllowed('POST')

/** POST /api/menu-items { name, description, price (cents), categoryId, nameEn, descriptionEn, tags }. */
export const action = staffApi({
  POST: async ({ request, db, user, t }) => {
    const item = await createMenuItem(db, user.id, await readJson(request, menuItemSchema, t))
    if (!item) throw menuNotFound(t)
    return json(toWireMenuItem(item), 201)
  },
})
