import type { ApiAccess } from '~/server/auth/guard.server'
import { json } from '~/server/http/api.server'
import { toWireMenu } from '~/server/menus/menu-wire.server'
import { listMenus } from '~/server/menus/menu-store.server'
import { staffApi } from '~/server/http/resource-routes.server'

export const access = { GET: 'menus.view' } satisfies ApiAccess

/** GET /api/menus/my-menus: the signed-in owner's menus. */
export const loader = staffApi(access, {
  GET: async ({ db, restaurant }) => json((await listMenus(db, restaurant.id)).map(toWireMenu)),
})

/** Only GET: any other method answers 405 like the rest of the API. */
export const action = loader
