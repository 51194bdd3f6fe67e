import type { ApiAccess } from '~/server/auth/guard.server'
import { menuItemSchema } from '~/domain/schemas/menus'
import { json } from '~/server/http/api.server'
import { toWireMenuItem } from '~/server/menus/menu-wire.server'
import { createMenuItem } from '~/server/menus/menu-items.server'
import { menuNotFound, staffApi, withBody } from '~/server/http/resource-routes.server'
import { logChange } from '~/server/auth/change-log.server'

export const access = { POST: 'menus.manage' } satisfies ApiAccess

/** POST /api/menu-items { name, description, price (cents), categoryId, nameEn, descriptionEn, tags }. */
export const action = staffApi(access, {
  POST: withBody(menuItemSchema, async ({ db, restaurant, person, t, body }) => {
    const item = await createMenuItem(db, restaurant.id, body)
    if (!item) throw menuNotFound(t)
    await logChange(db, { restaurant, person }, 'menu.item.create', item.id)
    return json(toWireMenuItem(item), 201)
  }),
})

export const loader = action
