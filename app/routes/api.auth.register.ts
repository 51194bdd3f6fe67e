import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { registerSchema } from '~/domain/schemas/auth'
import { registerOwner } from '~/server/auth/accounts.server'
import { getDb } from '~/server/db/client.server'
import { api, apiError, json, methodNotAllowed, readJson } from '~/server/http/api.server'
import { getT } from '~/server/http/i18n.server'
import { spend, tooManyResponse } from '~/server/http/rate-limit.server'

export const loader = methodNotAllowed('POST')

/** POST /api/auth/register: the owner's account and restaurant in one step. */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const t = await getT(request)
  const input = await readJson(request, registerSchema, t)
  const spent = await spend(context.cloudflare.env, { registrationsPerAddress: context.clientAddress })
  if (!spent.ok) return tooManyResponse(request, spent.limit)
  const result = await registerOwner(getDb(context.cloudflare.env.DB), input)
  if (!result.ok) return apiError(result.code, t('admin.errors.emailTaken'))
  return json({ user: { id: result.userId, email: input.ownerEmail, restaurantName: input.restaurantName } }, 201)
})
