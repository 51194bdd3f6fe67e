import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { forgotPasswordSchema } from '~/domain/schemas/auth'
import { startPasswordReset } from '~/server/auth/accounts.server'
import { api, json, methodNotAllowed, readJson } from '~/server/http/api.server'
import { getT } from '~/server/http/i18n.server'
import { spend, tooManyResponse } from '~/server/http/rate-limit.server'

export const loader = methodNotAllowed('POST')

/** POST /api/auth/forgot-password: mails a reset link when the account exists; the answer never says. */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const t = await getT(request)
  const { email } = await readJson(request, forgotPasswordSchema, t)
  const env = context.cloudflare.env
  const spent = await spend(env, { passwordResetsPerAddress: context.clientAddress })
  if (!spent.ok) return tooManyResponse(request, spent.limit)
  startPasswordReset(env, context.cloudflare.ctx, email, new URL(request.url).origin)
  return json({ message: t('admin.forgot.sent') })
})
