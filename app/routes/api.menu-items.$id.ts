import { menuItemSchema } from '~/domain/schemas/menus'
import { json, methodNotAllowed, readJson } from '~/server/http.server'
import { toWireMenuItem } from '~/server/menu-wire.server'
import { deletingPhotos } from '~/server/menu-photos.server'
import { deleteMenuItem, updateMenuItem } from '~/server/menus.server'
import { menuNotFound, staffApi } from '~/server/staff-api.server'

export const loader = methodNotAllowed('PUT, DELETE')

/** PUT /api/menu-items/{id} { name, description, price (cents), categoryId, nameEn, descriptionEn, tags } and DELETE /api/menu-items/{id} (its photo goes too). */
export const action = staffApi({
  PUT: async ({ request, params, db, user, t }) => {
    const item = await updateMenuItem(db, user.id, params.id ?? '', await readJson(request, menuItemSchema, t))
    if (!item) throw menuNotFound(t)
    return json(toWireMenuItem(item))
  },
  DELETE: async ({ params, env, db, user, t }) => {
    const id = params.id ?? ''
    if (!(await deletingPhotos(env, db, user.id, { itemId: id }, () => deleteMenuItem(db, user.id, id))))
      throw menuNotFound(t)
    return json({ deleted: true })
  },
})
