import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { contactSchema } from '~/domain/schemas/public'
import { getDb } from '~/server/db/client.server'
import { api, json, methodNotAllowed, readJson } from '~/server/http/api.server'
import { getT } from '~/server/http/i18n.server'
import { requestContact } from '~/server/site/public-forms.server'
import { spend, tooManyResponse } from '~/server/http/rate-limit.server'

export const loader = methodNotAllowed('POST')

/** POST /api/contact { name, phone, email, restaurant }: stored, within the address's allowance (contactPerAddress). */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const t = await getT(request)
  const input = await readJson(request, contactSchema, t)
  const spent = await spend(context.cloudflare.env, { contactPerAddress: context.clientAddress })
  if (!spent.ok) return tooManyResponse(request, spent.limit)
  await requestContact(getDb(context.cloudflare.env.DB), input)
  return json({ ok: true }, 201)
})
