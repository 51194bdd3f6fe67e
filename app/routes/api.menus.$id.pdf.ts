import type { ApiAccess } from '~/server/auth/guard.server'
import { eq } from 'drizzle-orm'
import { isIdLike } from '~/domain/schemas/fields'
import { getDb } from '~/server/db/client.server'
import { menus } from '~/server/db/schema.server'
import { ApiError, json } from '~/server/http/api.server'
import { removeMenuPdf } from '~/server/menus/menu-pdf.server'
import { toWireMenu } from '~/server/menus/menu-wire.server'
import { menuNotFound, publicApi, staffApi } from '~/server/http/resource-routes.server'
import { logChange } from '~/server/auth/change-log.server'

/**
 * GET /api/menus/{id}/pdf: the menu's PDF. One address, two audiences:
 * reading it is public (diners open it from the menu page); removing it
 * (DELETE) is staff's, behind the one guard.
 */
const pdf = publicApi({
  GET: async ({ params, env }) => {
    const id = params.id ?? ''
    const [menu] = isIdLike(id)
      ? await getDb(env.DB)
          .select({ pdfKey: menus.pdfKey, pdfName: menus.pdfName })
          .from(menus)
          .where(eq(menus.id, id))
          .limit(1)
      : []
    const object = menu?.pdfKey ? await env.MENU_PDFS.get(menu.pdfKey) : null
    if (!object) throw new ApiError('NOT_FOUND', 'This menu has no PDF.')
    const fileName = (menu?.pdfName ?? 'menu.pdf').replace(/[^\w.\- ]/g, '_')
    return new Response(object.body, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(object.size),
        'Content-Disposition': `inline; filename="${fileName}"`,
        'Cache-Control': 'public, max-age=300',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  },
})

export const loader = pdf

export const access = { DELETE: 'menus.manage' } satisfies ApiAccess

/** DELETE /api/menus/{id}/pdf: removes the menu's PDF. */
export const action = staffApi(access, {
  DELETE: async ({ params, env, db, restaurant, person, t }) => {
    const menu = await removeMenuPdf(env, db, restaurant.id, params.id ?? '')
    if (!menu) throw menuNotFound(t)
    await logChange(db, { restaurant, person }, 'menu.pdf.remove', menu.id)
    return json(toWireMenu(menu))
  },
})
