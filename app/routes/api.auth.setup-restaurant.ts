import { setupRestaurantSchema } from '~/domain/schemas/auth'
import { saveRestaurant } from '~/server/auth/accounts.server'
import { json, readJson } from '~/server/http/api.server'
import { staffApi } from '~/server/http/staff-api.server'

/** POST /api/auth/setup-restaurant: the signed-in owner's restaurant profile (the sign-up wizard's second step). */
const setupRestaurant = staffApi({
  POST: async ({ request, env, restaurant, person, t }) => {
    const input = await readJson(request, setupRestaurantSchema, t)
    await saveRestaurant(env, restaurant.id, input)
    return json({ user: { id: restaurant.id, email: person.email, restaurantName: input.restaurantName } })
  },
})

export const loader = setupRestaurant
export const action = setupRestaurant
