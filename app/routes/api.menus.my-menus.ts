import { json } from '~/server/http.server'
import { toWireMenu } from '~/server/menu-wire.server'
import { listMenus } from '~/server/menus.server'
import { staffApi } from '~/server/staff-api.server'

/** GET /api/menus/my-menus: the signed-in owner's menus. */
export const loader = staffApi({ GET: async ({ db, user }) => json((await listMenus(db, user.id)).map(toWireMenu)) })

/** Only GET: any other method answers 405 like the rest of the API. */
export const action = loader
