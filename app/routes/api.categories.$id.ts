import { categorySchema } from '~/domain/schemas/menus'
import { json, methodNotAllowed, readJson } from '~/server/http/api.server'
import { deletingPhotos } from '~/server/menus/menu-photos.server'
import { deleteCategory, updateCategory } from '~/server/menus/menu-store.server'
import { menuNotFound, staffApi } from '~/server/http/staff-api.server'

export const loader = methodNotAllowed('PUT, DELETE')

/** PUT /api/categories/{id} { name, description, menuId } and DELETE /api/categories/{id} (its items and their photos go too). */
export const action = staffApi({
  PUT: async ({ request, params, db, restaurant, t }) => {
    const category = await updateCategory(
      db,
      restaurant.id,
      params.id ?? '',
      await readJson(request, categorySchema, t),
    )
    if (!category) throw menuNotFound(t)
    return json(category)
  },
  DELETE: async ({ params, env, db, restaurant, t }) => {
    const id = params.id ?? ''
    if (
      !(await deletingPhotos(env, db, restaurant.id, { categoryId: id }, () => deleteCategory(db, restaurant.id, id)))
    )
      throw menuNotFound(t)
    return json({ deleted: true })
  },
})
