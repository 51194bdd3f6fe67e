import { categorySchema } from '~/domain/schemas/menus'
import { json, methodNotAllowed, readJson } from '~/server/http.server'
import { createCategory } from '~/server/menus.server'
import { menuNotFound, staffApi } from '~/server/staff-api.server'

export const loader = methodNotAllowed('POST')

/** POST /api/categories { name, description, menuId }. */
export const action = staffApi({
  POST: async ({ request, db, user, t }) => {
    const category = await createCategory(db, user.id, await readJson(request, categorySchema, t))
    if (!category) throw menuNotFound(t)
    return json({ ...category, menuItems: [] }, 201)
  },
})
