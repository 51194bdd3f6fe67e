import type { ApiAccess } from '~/server/auth/guard.server'
import { categorySchema } from '~/domain/schemas/menus'
import { json } from '~/server/http/api.server'
import { createCategory } from '~/server/menus/menu-store.server'
import { menuNotFound, staffApi, withBody } from '~/server/http/resource-routes.server'
import { logChange } from '~/server/auth/change-log.server'

export const access = { POST: 'menus.manage' } satisfies ApiAccess

/** POST /api/categories { name, description, menuId }. */
export const action = staffApi(access, {
  POST: withBody(categorySchema, async ({ db, restaurant, person, t, body }) => {
    const category = await createCategory(db, restaurant.id, body)
    if (!category) throw menuNotFound(t)
    await logChange(db, { restaurant, person }, 'menu.category.create', category.id)
    return json({ ...category, menuItems: [] }, 201)
  }),
})

export const loader = action
