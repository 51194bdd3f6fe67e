import type { ApiAccess } from '~/server/auth/guard.server'
import { menuSchema } from '~/domain/schemas/menus'
import { json } from '~/server/http/api.server'
import { toWireMenu } from '~/server/menus/menu-wire.server'
import { createMenu } from '~/server/menus/menu-store.server'
import { staffApi, withBody } from '~/server/http/resource-routes.server'
import { logChange } from '~/server/auth/change-log.server'

export const access = { POST: 'menus.manage' } satisfies ApiAccess

/** POST /api/menus { name, description, type }: answers the new menu (with its id). */
export const action = staffApi(access, {
  POST: withBody(menuSchema, async ({ db, restaurant, person, body }) => {
    const menu = await createMenu(db, restaurant.id, body)
    await logChange(db, { restaurant, person }, 'menu.create', menu.id)
    return json(toWireMenu(menu), 201)
  }),
})

export const loader = action
