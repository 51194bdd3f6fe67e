import type { ApiAccess } from '~/server/auth/guard.server'
import { menuSchema } from '~/domain/schemas/menus'
import { json } from '~/server/http/api.server'
import { deleteMenuPdf } from '~/server/menus/menu-pdf.server'
import { deletingPhotos } from '~/server/menus/menu-photos.server'
import { toWireMenu } from '~/server/menus/menu-wire.server'
import { deleteMenu, findOwnMenu, updateMenu } from '~/server/menus/menu-store.server'
import { menuNotFound, staffApi, withBody } from '~/server/http/resource-routes.server'
import { logChange } from '~/server/auth/change-log.server'

export const access = { GET: 'menus.view', PUT: 'menus.manage', DELETE: 'menus.manage' } satisfies ApiAccess

/**
 * GET /api/menus/{id}: one of the owner's menus; PUT { name, description,
 * type } edits it; DELETE removes it (its categories, items, modifiers, PDF
 * and photos go too).
 */
export const action = staffApi(access, {
  GET: async ({ params, db, restaurant, t }) => {
    const menu = await findOwnMenu(db, restaurant.id, params.id ?? '')
    if (!menu) throw menuNotFound(t)
    return json(toWireMenu(menu))
  },
  PUT: withBody(menuSchema, async ({ params, db, restaurant, person, t, body }) => {
    const menu = await updateMenu(db, restaurant.id, params.id ?? '', body)
    if (!menu) throw menuNotFound(t)
    await logChange(db, { restaurant, person }, 'menu.update', menu.id)
    return json(toWireMenu(menu))
  }),
  DELETE: async ({ params, env, db, restaurant, person, t }) => {
    const id = params.id ?? ''
    const menu = await deletingPhotos(env, db, restaurant.id, { menuId: id }, () => deleteMenu(db, restaurant.id, id))
    if (!menu) throw menuNotFound(t)
    await logChange(db, { restaurant, person }, 'menu.delete', id)
    await deleteMenuPdf(env, menu.pdfKey)
    return json({ deleted: true })
  },
})

export const loader = action
