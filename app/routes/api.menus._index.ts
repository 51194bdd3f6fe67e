import { menuSchema } from '~/domain/schemas/menus'
import { json, methodNotAllowed, readJson } from '~/server/http/api.server'
import { toWireMenu } from '~/server/menus/menu-wire.server'
import { createMenu } from '~/server/menus/menu-store.server'
import { staffApi } from '~/server/http/staff-api.server'

export const loader = methodNotAllowed('POST')

/** POST /api/menus { name, description, type }: answers the new menu (with its id). */
export const action = staffApi({
  POST: async ({ request, db, restaurant, t }) =>
    json(toWireMenu(await createMenu(db, restaurant.id, await readJson(request, menuSchema, t))), 201),
})
