import { eq } from 'drizzle-orm'
import { isIdLike } from '~/domain/schemas/fields'
import type { WireTaxSettings } from '~/domain/wire'
import { getDb } from '~/server/db/client.server'
import { users } from '~/server/db/schema.server'
import { invariantApi, json } from '~/server/http/api.server'
import { publicApi } from '~/server/http/resource-routes.server'

/** GET /api/users/{userId}: only the tax settings the diner's payment summary needs. */
export const loader = publicApi({
  GET: async ({ params, context }) => {
    const userId = params.userId ?? ''
    invariantApi(isIdLike(userId), 'NOT_FOUND', 'User not found.')
    const [user] = await getDb(context.cloudflare.env.DB)
      .select({
        id: users.id,
        showTaxSeparately: users.showTaxSeparately,
        taxRateBps: users.taxRateBps,
        taxIncludedInPrice: users.taxIncludedInPrice,
      })
      .from(users)
      .where(eq(users.id, userId))
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
