import { setupRestaurantSchema } from '~/domain/schemas/auth'
import { saveRestaurant } from '~/server/auth/accounts.server'
import { json, readJson } from '~/server/http.server'
import { staffApi } from '~/server/staff-api.server'

/** POST /api/auth/setup-restaurant: the signed-in owner's restaurant profile (the sign-up wizard's second step). */
const setupRestaurant = staffApi({
  POST: async ({ request, env, user, t }) => {
    const input = await readJson(request, setupRestaurantSchema, t)
    await saveRestaurant(env, user.id, input)
    return json({ user: { id: user.id, email: user.email, restaurantName: input.restaurantName } })
  },
})

export const loader = setupRestaurant
export const action = setupRestaurant
