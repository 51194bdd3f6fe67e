import { menuSchema } from '~/domain/schemas/menus'
import { json, methodNotAllowed, readJson } from '~/server/http.server'
import { toWireMenu } from '~/server/menu-wire.server'
import { createMenu } from '~/server/menus.server'
import { staffApi } from '~/server/staff-api.server'

export const loader = methodNotAllowed('POST')

/** POST /api/menus { name, description, type }: answers the new menu (with its id). */
export const action = staffApi({
  POST: async ({ request, db, user, t }) =>
    json(toWireMenu(await createMenu(db, user.id, await readJson(request, menuSchema, t))), 201),
})
