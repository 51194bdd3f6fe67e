import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { loginSchema } from '~/domain/schemas/auth'
import { checkCredentials } from '~/server/auth/accounts.server'
import { startSession } from '~/server/auth/session.server'
import { minutesOf, retryAfter } from '~/server/rate-limit.server'
import { getDb } from '~/server/db/client.server'
import { api, json, methodNotAllowed, readJson } from '~/server/http.server'
import { getT } from '~/server/i18n.server'

export const loader = methodNotAllowed('POST')

const STATUS = { USER_NOT_FOUND: 401, INVALID_PASSWORD: 401 } as const

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
        { status: 429, headers: retryAfter(result.limit) },
      )
    const code = result.code as keyof typeof STATUS
    return json({ message: t(`admin.errors.${code}`), code }, { status: STATUS[code] ?? 401 })
  }
  return json(
    { user: result.user },
    { headers: { 'Set-Cookie': await startSession(getDb(context.cloudflare.env.DB), request, result.user.id) } },
  )
})
