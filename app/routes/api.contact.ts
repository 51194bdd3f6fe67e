import { contactSchema } from '~/domain/schemas/public'
import { getDb } from '~/server/db/client.server'
import { json } from '~/server/http/api.server'
import { spend, tooManyResponse } from '~/server/http/rate-limit.server'
import { publicApi, withBody } from '~/server/http/resource-routes.server'
import { requestContact } from '~/server/site/public-forms.server'

/** POST /api/contact { name, phone, email, restaurant }: stored, within the address's allowance (contactPerAddress). */
export const action = publicApi({
  POST: withBody(contactSchema, async ({ request, context, env, body }) => {
    const spent = await spend(env, { contactPerAddress: context.clientAddress })
    if (!spent.ok) return tooManyResponse(request, spent.limit)
    await requestContact(getDb(env.DB), body)
    return json({ ok: true }, 201)
  }),
})

export const loader = action
