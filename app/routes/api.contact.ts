import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { contactSchema } from '~/domain/schemas/public'
import { getDb } from '~/server/db/client.server'
import { api, json, methodNotAllowed, readJson } from '~/server/http.server'
import { getT } from '~/server/i18n.server'
import { requestContact, tooMany } from '~/server/public-forms.server'

export const loader = methodNotAllowed('POST')

/** POST /api/contact { name, phone, email, restaurant }: stored, at most 5 per address per hour. */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const t = await getT(request)
  const input = await readJson(request, contactSchema, t)
  if (!(await requestContact(getDb(context.cloudflare.env.DB), request, input))) return tooMany(t('site.errors.tooMany'))
  return json({ ok: true }, 201)
})
