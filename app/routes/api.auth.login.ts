import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { loginSchema } from '~/domain/schemas/auth'
import { checkCredentials } from '~/server/auth/accounts.server'
import { startSession } from '~/server/auth/session.server'
import { LOGIN_RETRY_AFTER } from '~/server/auth/throttle.server'
import { clientAddressOf } from '~/server/rate-limit.server'
import { getDb } from '~/server/db/client.server'
import { api, json, methodNotAllowed, readJson } from '~/server/http.server'
import { getT } from '~/server/i18n.server'

export const loader = methodNotAllowed('POST')

const STATUS = { USER_NOT_FOUND: 401, INVALID_PASSWORD: 401, TOO_MANY_ATTEMPTS: 429 } as const

/** POST /api/auth/login: signs the owner in with a session cookie; the spec's error codes on failure. */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const t = await getT(request)
  const input = await readJson(request, loginSchema, t)
  const db = getDb(context.cloudflare.env.DB)
  const result = await checkCredentials(db, input, clientAddressOf(request))
  if (!result.ok) {
    const code = result.code as keyof typeof STATUS
    return json({ message: t(`admin.errors.${code}`), code }, { status: STATUS[code] ?? 401, headers: code === 'TOO_MANY_ATTEMPTS' ? LOGIN_RETRY_AFTER : undefined })
  }
  return json({ user: result.user }, { headers: { 'Set-Cookie': await startSession(db, request, result.user.id) } })
})
