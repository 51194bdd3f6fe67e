import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { forgotPasswordSchema } from '~/domain/schemas/auth'
import { requestPasswordReset } from '~/server/auth/accounts.server'
import { getDb } from '~/server/db/client.server'
import { api, json, methodNotAllowed, readJson } from '~/server/http.server'
import { getT } from '~/server/i18n.server'
import { getMailer } from '~/server/mail/mailer.server'
import { spend, tooManyResponse } from '~/server/rate-limit.server'

export const loader = methodNotAllowed('POST')

/** POST /api/auth/forgot-password: mails a reset link when the account exists; the answer never says. */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const t = await getT(request)
  const { email } = await readJson(request, forgotPasswordSchema, t)
  const env = context.cloudflare.env
  const used = await spend(env, { passwordResetsPerAddress: context.clientAddress })
  if (used) return tooManyResponse(request, used)
  await requestPasswordReset(getDb(env.DB), getMailer(env), email, new URL(request.url).origin)
  return json({ message: t('admin.forgot.sent') })
})
