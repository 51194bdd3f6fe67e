import { loginSchema } from '~/domain/schemas/auth'
import { checkCredentials } from '~/server/auth/accounts.server'
import { startSession } from '~/server/auth/session.server'
import { eq } from 'drizzle-orm'
import { getDb } from '~/server/db/client.server'
import { restaurants } from '~/server/db/schema.server'
import { apiError, json } from '~/server/http/api.server'
import { minutesOf, retryAfter } from '~/server/http/rate-limit.server'
import { publicApi, withBody } from '~/server/http/resource-routes.server'

/**
 * POST /api/auth/login: signs a person in with a session cookie, in the
 * restaurant they last worked in; one answer (401 INVALID_CREDENTIALS) for
 * an unknown email and a wrong password.
 */
export const action = publicApi({
  POST: withBody(loginSchema, async ({ request, context, env, translator, body }) => {
    const t = await translator()
    const result = await checkCredentials(env, body, context.clientAddress)
    if (!result.ok) {
      if ('limit' in result)
        return apiError(
          result.code,
          t('admin.errors.TOO_MANY_ATTEMPTS', { minutes: minutesOf(result.limit) }),
          undefined,
          retryAfter(result.limit),
        )
      return apiError(result.code, t(`admin.errors.${result.code}`))
    }
    const restaurant = result.restaurantId
      ? ((await getDb(env.DB)
          .select({ id: restaurants.id, restaurantName: restaurants.restaurantName })
          .from(restaurants)
          .where(eq(restaurants.id, result.restaurantId))
          .get()) ?? null)
      : null
    return json(
      { user: result.user, restaurant },
      { headers: { 'Set-Cookie': await startSession(getDb(env.DB), request, result.user.id, result.restaurantId) } },
    )
  }),
})

export const loader = action
