import { json } from '~/server/http.server'
import { staffApi } from '~/server/staff-api.server'

/** GET /api/auth/user: the signed-in owner, or 401. */
export const loader = staffApi({
  GET: async ({ user }) =>
    json({ id: user.id, email: user.email, ownerName: user.ownerName, restaurantName: user.restaurantName }),
})

/** Only GET: any other method answers 405 like the rest of the API. */
export const action = loader
