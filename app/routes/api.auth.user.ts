import type { ApiAccess } from '~/server/auth/guard.server'
import { json } from '~/server/http/api.server'
import { staffApi } from '~/server/http/resource-routes.server'

export const access = { GET: 'restaurant.view' } satisfies ApiAccess

/** GET /api/auth/user: the signed-in owner, or 401. */
export const loader = staffApi(access, {
  GET: async ({ restaurant, person }) =>
    json({ id: restaurant.id, email: person.email, ownerName: person.name, restaurantName: restaurant.restaurantName }),
})

/** Only GET: any other method answers 405 like the rest of the API. */
export const action = loader
