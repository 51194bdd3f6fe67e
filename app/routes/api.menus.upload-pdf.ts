import { json, methodNotAllowed } from '~/server/http.server'
import { readPdfUpload, storeMenuPdf } from '~/server/menu-pdf.server'
import { toWireMenu } from '~/server/menu-wire.server'
import { staffApi } from '~/server/staff-api.server'

export const loader = methodNotAllowed('POST')

/** POST /api/menus/upload-pdf (multipart: menuId, file): stores or replaces the menu's PDF; answers the menu. */
export const action = staffApi({
  POST: async ({ request, env, db, user, t }) => {
    const { menuId, file } = await readPdfUpload(request, t)
    return json(toWireMenu(await storeMenuPdf(env, db, user.id, menuId, file, t)))
  },
})
