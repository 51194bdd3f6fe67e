import { menuItemSchema } from '~/domain/schemas/menus'
import { json, methodNotAllowed, readJson } from '~/server/http/api.server'
import { toWireMenuItem } from '~/server/menus/menu-wire.server'
import { createMenuItem } from '~/server/menus/menu-store.server'
import { menuNotFound, staffApi } from '~/server/http/staff-api.server'

export const loader = methodNotAllowed('POST')

/** POST /api/menu-items { name, description, price (cents), categoryId, nameEn, descriptionEn, tags }. */
export const action = staffApi({
  POST: async ({ request, db, restaurant, t }) => {
    const item = await createMenuItem(db, restaurant.id, await readJson(request, menuItemSchema, t))
    if (!item) throw menuNotFound(t)
    return json(toWireMenuItem(item), 201)
  },
})
