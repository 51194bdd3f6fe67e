import type { ApiAccess } from '~/server/auth/guard.server'
import { json } from '~/server/http/api.server'
import { readPhotoUpload, removeItemPhoto, storeItemPhoto } from '~/server/menus/menu-photos.server'
import { toWireMenuItem } from '~/server/menus/menu-wire.server'
import { menuNotFound, staffApi } from '~/server/http/resource-routes.server'
import { logChange } from '~/server/auth/change-log.server'

export const access = { POST: 'menus.manage', DELETE: 'menus.manage' } satisfies ApiAccess

/** POST /api/menu-items/{id}/photo (multipart: file) stores or replaces the item's photo; DELETE removes it. Both answer the item. */
export const action = staffApi(access, {
  POST: async ({ request, params, env, db, restaurant, person, t }) => {
    const file = await readPhotoUpload(request, t)
    const item = await storeItemPhoto(env, db, restaurant.id, params.id ?? '', file, t)
    await logChange(db, { restaurant, person }, 'menu.photo.upload', item.id)
    return json(toWireMenuItem(item))
  },
  DELETE: async ({ params, env, db, restaurant, person, t }) => {
    const item = await removeItemPhoto(env, db, restaurant.id, params.id ?? '')
    if (!item) throw menuNotFound(t)
    await logChange(db, { restaurant, person }, 'menu.photo.remove', item.id)
    return json(toWireMenuItem(item))
  },
})

export const loader = action
