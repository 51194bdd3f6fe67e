import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { waitlistSchema } from '~/domain/schemas/public'
import { getDb } from '~/server/db/client.server'
import { api, json, methodNotAllowed, readJson } from '~/server/http/api.server'
import { getT } from '~/server/http/i18n.server'
import { joinWaitlist } from '~/server/site/public-forms.server'
import { spend, tooManyResponse } from '~/server/http/rate-limit.server'

export const loader = methodNotAllowed('POST')

/** POST /api/waitlist { name, email, restaurantName, message? }: stored, within the address's allowance (waitlistPerAddress). */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const t = await getT(request)
  const input = await readJson(request, waitlistSchema, t)
  const spent = await spend(context.cloudflare.env, { waitlistPerAddress: context.clientAddress })
  if (!spent.ok) return tooManyResponse(request, spent.limit)
  await joinWaitlist(getDb(context.cloudflare.env.DB), input)
  return json({ ok: true }, 201)
})
