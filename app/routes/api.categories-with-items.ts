import type { ApiAccess } from '~/server/auth/guard.server'
import { isIdLike } from '~/domain/schemas/fields'
import { json } from '~/server/http/api.server'
import { toWireCategory } from '~/server/menus/menu-wire.server'
import { categoriesWithItems, findOwnMenu } from '~/server/menus/menu-store.server'
import { menuNotFound, staffApi } from '~/server/http/resource-routes.server'

export const access = { GET: 'menus.view' } satisfies ApiAccess

/** GET /api/categories-with-items[?menuId=]: the owner's categories (of one menu, or all) with their items, prices in cents. */
export const loader = staffApi(access, {
  GET: async ({ request, db, restaurant, t }) => {
    const menuId = new URL(request.url).searchParams.get('menuId') || undefined
    if (menuId && !(isIdLike(menuId) && (await findOwnMenu(db, restaurant.id, menuId)))) throw menuNotFound(t)
    return json((await categoriesWithItems(db, restaurant.id, menuId)).map(toWireCategory))
  },
})

/** Only GET: any other method answers 405 like the rest of the API. */
export const action = loader
