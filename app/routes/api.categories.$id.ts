import type { ApiAccess } from '~/server/auth/guard.server'
import { categorySchema } from '~/domain/schemas/menus'
import { json } from '~/server/http/api.server'
import { deletingPhotos } from '~/server/menus/menu-photos.server'
import { deleteCategory, updateCategory } from '~/server/menus/menu-store.server'
import { menuNotFound, staffApi, withBody } from '~/server/http/resource-routes.server'
import { logChange } from '~/server/auth/change-log.server'

export const access = { PUT: 'menus.manage', DELETE: 'menus.manage' } satisfies ApiAccess

/** PUT /api/categories/{id} { name, description, menuId } and DELETE /api/categories/{id} (its items and their photos go too). */
export const action = staffApi(access, {
  PUT: withBody(categorySchema, async ({ params, db, restaurant, person, t, body }) => {
    const category = await updateCategory(db, restaurant.id, params.id ?? '', body)
    if (!category) throw menuNotFound(t)
    await logChange(db, { restaurant, person }, 'menu.category.update', category.id)
    return json(category)
  }),
  DELETE: async ({ params, env, db, restaurant, person, t }) => {
    const id = params.id ?? ''
    if (
      !(await deletingPhotos(env, db, restaurant.id, { categoryId: id }, () => deleteCategory(db, restaurant.id, id)))
    )
      throw menuNotFound(t)
    await logChange(db, { restaurant, person }, 'menu.category.delete', id)
    return json({ deleted: true })
  },
})

export const loader = action
