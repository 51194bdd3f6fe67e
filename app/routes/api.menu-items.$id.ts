import type { ApiAccess } from '~/server/auth/guard.server'
import { menuItemSchema } from '~/domain/schemas/menus'
import { json } from '~/server/http/api.server'
import { toWireMenuItem } from '~/server/menus/menu-wire.server'
import { deletingPhotos } from '~/server/menus/menu-photos.server'
import { deleteMenuItem, updateMenuItem } from '~/server/menus/menu-items.server'
import { menuNotFound, staffApi, withBody } from '~/server/http/resource-routes.server'
import { logChange } from '~/server/auth/change-log.server'

export const access = { PUT: 'menus.manage', DELETE: 'menus.manage' } satisfies ApiAccess

/** PUT /api/menu-items/{id} { name, description, price (cents), categoryId, nameEn, descriptionEn, tags } and DELETE /api/menu-items/{id} (its photo goes too). */
export const action = staffApi(access, {
  PUT: withBody(menuItemSchema, async ({ params, db, restaurant, person, t, body }) => {
    const item = await updateMenuItem(db, restaurant.id, params.id ?? '', body)
    if (!item) throw menuNotFound(t)
    await logChange(db, { restaurant, person }, 'menu.item.update', item.id)
    return json(toWireMenuItem(item))
  }),
  DELETE: async ({ params, env, db, restaurant, person, t }) => {
    const id = params.id ?? ''
    if (!(await deletingPhotos(env, db, restaurant.id, { itemId: id }, () => deleteMenuItem(db, restaurant.id, id))))
      throw menuNotFound(t)
    await logChange(db, { restaurant, person }, 'menu.item.delete', id)
    return json({ deleted: true })
  },
})

export const loader = action
