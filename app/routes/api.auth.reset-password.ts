import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { resetPasswordSchema } from '~/domain/schemas/auth'
import { resetPassword } from '~/server/auth/accounts.server'
import { api, apiError, json, methodNotAllowed, readJson } from '~/server/http/api.server'
import { getT } from '~/server/http/i18n.server'

export const loader = methodNotAllowed('POST')

/** POST /api/auth/reset-password: a new password with a single-use, expiring token; every session ends. */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const t = await getT(request)
  const { token, password } = await readJson(request, resetPasswordSchema, t)
  const result = await resetPassword(context.cloudflare.env, token, password)
  if (!result.ok) return apiError(result.code, t('admin.errors.resetInvalid'))
  return json({ message: t('admin.reset.doneTitle') })
})
