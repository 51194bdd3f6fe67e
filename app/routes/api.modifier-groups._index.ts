import type { ApiAccess } from '~/server/auth/guard.server'
import { modifierGroupSchema } from '~/domain/schemas/menus'
import { json } from '~/server/http/api.server'
import { createModifierGroup } from '~/server/menus/modifier-groups.server'
import { menuNotFound, staffApi, withBody } from '~/server/http/resource-routes.server'
import { logChange } from '~/server/auth/change-log.server'

export const access = { POST: 'menus.manage' } satisfies ApiAccess

/** POST /api/modifier-groups { name, description, required, multipleSelect, menuItemId }. */
export const action = staffApi(access, {
  POST: withBody(modifierGroupSchema, async ({ db, restaurant, person, t, body }) => {
    const group = await createModifierGroup(db, restaurant.id, body)
    if (!group) throw menuNotFound(t)
    await logChange(db, { restaurant, person }, 'menu.group.create', group.id)
    const { createdAt: _createdAt, ...wire } = group
    return json({ ...wire, options: [] }, 201)
  }),
})

export const loader = action
