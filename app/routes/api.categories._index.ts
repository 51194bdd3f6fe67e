import { categorySchema } from '~/domain/schemas/menus'
import { json, methodNotAllowed, readJson } from '~/server/http/api.server'
import { createCategory } from '~/server/menus/menu-store.server'
import { menuNotFound, staffApi } from '~/server/http/staff-api.server'

export const loader = methodNotAllowed('POST')

/** POST /api/categories { name, description, menuId }. */
export const action = staffApi({
  POST: async ({ request, db, restaurant, t }) => {
    const category = await createCategory(db, restaurant.id, await readJson(request, categorySchema, t))
    if (!category) throw menuNotFound(t)
    return json({ ...category, menuItems: [] }, 201)
  },
})
