import { menuItemSchema } from '~/domain/schemas/menus'
import { json, methodNotAllowed, readJson } from '~/server/http.server'
import { toWireMenuItem } from '~/server/menu-wire.server'
import { deleteMenuItem, updateMenuItem } from '~/server/menus.server'
import { menuNotFound, staffApi } from '~/server/staff-api.server'

export const loader = methodNotAllowed('PUT, DELETE')

/** PUT /api/menu-items/{id} { name, description, price (cents), categoryId } and DELETE /api/menu-items/{id}. */
export const action = staffApi({
  PUT: async ({ request, params, db, user, t }) => {
    const item = await updateMenuItem(db, user.id, params.id ?? '', await readJson(request, menuItemSchema, t))
    if (!item) throw menuNotFound(t)
    return json(toWireMenuItem(item))
  },
  DELETE: async ({ params, db, user, t }) => {
    if (!(await deleteMenuItem(db, user.id, params.id ?? ''))) throw menuNotFound(t)
    return json({ deleted: true })
  },
})
