import type { ApiAccess } from '~/server/auth/guard.server'
import { setupRestaurantSchema } from '~/domain/schemas/auth'
import { saveRestaurant } from '~/server/auth/accounts.server'
import { json } from '~/server/http/api.server'
import { staffApi, withBody } from '~/server/http/resource-routes.server'

export const access = { POST: 'settings.manage' } satisfies ApiAccess

/** POST /api/auth/setup-restaurant: the signed-in owner's restaurant profile (the sign-up wizard's second step). */
const setupRestaurant = staffApi(access, {
  POST: withBody(setupRestaurantSchema, async ({ env, restaurant, person, body }) => {
    await saveRestaurant(env, { restaurant, person }, body)
    return json({ user: { id: restaurant.id, email: person.email, restaurantName: body.restaurantName } })
  }),
})

export const loader = setupRestaurant
export const action = setupRestaurant
