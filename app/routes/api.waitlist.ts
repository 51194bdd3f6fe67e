import { waitlistSchema } from '~/domain/schemas/public'
import { getDb } from '~/server/db/client.server'
import { json } from '~/server/http/api.server'
import { spend, tooManyResponse } from '~/server/http/rate-limit.server'
import { publicApi, withBody } from '~/server/http/resource-routes.server'
import { joinWaitlist } from '~/server/site/public-forms.server'

/** POST /api/waitlist { name, email, restaurantName, message? }: stored, within the address's allowance (waitlistPerAddress). */
export const action = publicApi({
  POST: withBody(waitlistSchema, async ({ request, context, env, body }) => {
    const spent = await spend(env, { waitlistPerAddress: context.clientAddress })
    if (!spent.ok) return tooManyResponse(request, spent.limit)
    await joinWaitlist(getDb(env.DB), body)
    return json({ ok: true }, 201)
  }),
})

export const loader = action
