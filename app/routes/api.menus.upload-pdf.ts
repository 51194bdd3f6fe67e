import type { ApiAccess } from '~/server/auth/guard.server'
import { json } from '~/server/http/api.server'
import { readPdfUpload, storeMenuPdf } from '~/server/menus/menu-pdf.server'
import { toWireMenu } from '~/server/menus/menu-wire.server'
import { staffApi } from '~/server/http/resource-routes.server'
import { logChange } from '~/server/auth/change-log.server'

export const access = { POST: 'menus.manage' } satisfies ApiAccess

/** POST /api/menus/upload-pdf (multipart: menuId, file): stores or replaces the menu's PDF; answers the menu. */
export const action = staffApi(access, {
  POST: async ({ request, env, db, restaurant, person, t }) => {
    const { menuId, file } = await readPdfUpload(request, t)
    const menu = await storeMenuPdf(env, db, restaurant.id, menuId, file, t)
    await logChange(db, { restaurant, person }, 'menu.pdf.upload', menu.id)
    return json(toWireMenu(menu))
  },
})

export const loader = action
