import { registerSchema } from '~/domain/schemas/auth'
import { registerOwner } from '~/server/auth/accounts.server'
import { getDb } from '~/server/db/client.server'
import { apiError, json } from '~/server/http/api.server'
import { spend, tooManyResponse } from '~/server/http/rate-limit.server'
import { publicApi, withBody } from '~/server/http/resource-routes.server'

/** POST /api/auth/register: the owner's account and restaurant in one step. */
export const action = publicApi({
  POST: withBody(registerSchema, async ({ request, context, env, translator, body }) => {
    const t = await translator()
    const spent = await spend(env, { registrationsPerAddress: context.clientAddress })
    if (!spent.ok) return tooManyResponse(request, spent.limit)
    const result = await registerOwner(getDb(env.DB), body)
    if (!result.ok) return apiError(result.code, t('admin.errors.emailTaken'))
    return json(
      {
        user: { id: result.userId, email: body.ownerEmail, restaurantName: body.restaurantName },
        restaurant: { id: result.restaurantId, restaurantName: body.restaurantName },
      },
      201,
    )
  }),
})

export const loader = action
