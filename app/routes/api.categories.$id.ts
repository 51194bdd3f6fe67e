import { categorySchema } from '~/domain/schemas/menus'
import { json, methodNotAllowed, readJson } from '~/server/http.server'
import { deletingPhotos } from '~/server/menu-photos.server'
import { deleteCategory, updateCategory } from '~/server/menus.server'
import { menuNotFound, staffApi } from '~/server/staff-api.server'

export const loader = methodNotAllowed('PUT, DELETE')

/** PUT /api/categories/{id} { name, description, menuId } and DELETE /api/categories/{id} (its items and their photos go too). */
export const action = staffApi({
  PUT: async ({ request, params, db, user, t }) => {
    const category = await updateCategory(db, user.id, params.id ?? '', await readJson(request, categorySchema, t))
    if (!category) throw menuNotFound(t)
    return json(category)
  },
  DELETE: async ({ params, env, db, user, t }) => {
    const id = params.id ?? ''
    if (!(await deletingPhotos(env, db, user.id, { categoryId: id }, () => deleteCategory(db, user.id, id))))
      throw menuNotFound(t)
    return json({ deleted: true })
  },
})
