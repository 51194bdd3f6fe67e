import { loginSchema } from '~/domain/schemas/auth'
import { checkCredentials } from '~/server/auth/accounts.server'
import { startSession } from '~/server/auth/session.server'
import { getDb } from '~/server/db/client.server'
import { apiError, json } from '~/server/http/api.server'
import { minutesOf, retryAfter } from '~/server/http/rate-limit.server'
import { publicApi, withBody } from '~/server/http/resource-routes.server'

/** POST /api/auth/login: signs the owner in with a session cookie; the spec's error codes on failure. */
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
    return json(
      { user: result.user },
      { headers: { 'Set-Cookie': await startSession(getDb(env.DB), request, result.user.id) } },
    )
  }),
})

export const loader = action
