import { eq } from 'drizzle-orm'
import { isIdLike } from '~/domain/schemas/fields'
import type { WireTaxSettings } from '~/domain/wire'
import { getDb } from '~/server/db/client.server'
import { restaurants } from '~/server/db/schema.server'
import { invariantApi, json } from '~/server/http/api.server'
import { publicApi } from '~/server/http/resource-routes.server'

/** GET /api/users/{userId}: only the tax settings the diner's payment summary needs. */
export const loader = publicApi({
  GET: async ({ params, context }) => {
    const userId = params.userId ?? ''
    invariantApi(isIdLike(userId), 'NOT_FOUND', 'User not found.')
    const [user] = await getDb(context.cloudflare.env.DB)
      .select({
        id: restaurants.id,
        showTaxSeparately: restaurants.showTaxSeparately,
        taxRateBps: restaurants.taxRateBps,
        taxIncludedInPrice: restaurants.taxIncludedInPrice,
      })
      .from(restaurants)
      .where(eq(restaurants.id, userId))
      .limit(1)
    invariantApi(user, 'NOT_FOUND', 'User not found.')
    const body: WireTaxSettings = {
      id: user.id,
      showTaxSeparately: user.showTaxSeparately,
      taxRate: user.taxRateBps / 10000,
      taxIncludedInPrice: user.taxIncludedInPrice,
    }
    return json(body)
  },
})

export const action = loader
