import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { loginSchema } from '~/domain/schemas/auth'
import { checkCredentials } from '~/server/auth/accounts.server'
import { startSession } from '~/server/auth/session.server'
import { minutesOf, retryAfter } from '~/server/http/rate-limit.server'
import { getDb } from '~/server/db/client.server'
import { api, apiError, json, methodNotAllowed, readJson } from '~/server/http/api.server'
import { statusOf } from '~/server/http/errors.server'
import { getT } from '~/server/http/i18n.server'

export const loader = methodNotAllowed('POST')

/** POST /api/auth/login: signs the owner in with a session cookie; the spec's error codes on failure. */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const t = await getT(request)
  const input = await readJson(request, loginSchema, t)
  const result = await checkCredentials(context.cloudflare.env, input, context.clientAddress)
  if (!result.ok) {
    if ('limit' in result)
      return json(
        { message: t('admin.errors.TOO_MANY_ATTEMPTS', { minutes: minutesOf(result.limit) }), code: result.code },
        { status: statusOf(result.code), headers: retryAfter(result.limit) },
      )
    return apiError(result.code, t(`admin.errors.${result.code}`))
  }
  return json(
    { user: result.user },
    { headers: { 'Set-Cookie': await startSession(getDb(context.cloudflare.env.DB), request, result.user.id) } },
  )
})
