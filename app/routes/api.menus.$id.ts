import { menuSchema } from '~/domain/schemas/menus'
import { json, readJson } from '~/server/http.server'
import { deleteMenuPdf } from '~/server/menu-pdf.server'
import { deletingPhotos } from '~/server/menu-photos.server'
import { toWireMenu } from '~/server/menu-wire.server'
import { deleteMenu, findOwnMenu, updateMenu } from '~/server/menus.server'
import { menuNotFound, staffApi } from '~/server/staff-api.server'

/** GET /api/menus/{id}: one of the owner's menus. */
export const loader = staffApi({
  GET: async ({ params, db, user, t }) => {
    const menu = await findOwnMenu(db, user.id, params.id ?? '')
    if (!menu) throw menuNotFound(t)
    return json(toWireMenu(menu))
  },
})

/** PUT /api/menus/{id} { name, description, type } and DELETE /api/menus/{id} (its categories, items, modifiers, PDF and photos go too). */
export const action = staffApi({
  PUT: async ({ request, params, db, user, t }) => {
    const menu = await updateMenu(db, user.id, params.id ?? '', await readJson(request, menuSchema, t))
    if (!menu) throw menuNotFound(t)
    return json(toWireMenu(menu))
  },
  DELETE: async ({ params, env, db, user, t }) => {
    const id = params.id ?? ''
    const menu = await deletingPhotos(env, db, user.id, { menuId: id }, () => deleteMenu(db, user.id, id))
    if (!menu) throw menuNotFound(t)
    await deleteMenuPdf(env, menu.pdfKey)
    return json({ deleted: true })
  },
})
