import { isIdLike } from '~/domain/schemas/fields'
import { getDb } from '~/server/db/client.server'
import { invariantApi, json } from '~/server/http/api.server'
import { publicApi } from '~/server/http/resource-routes.server'
import { readOwnerMenu } from '~/server/menus/diner-menu.server'
import { toWireMenuItem, toWireModifierGroup } from '~/server/menus/menu-wire.server'

/**
 * GET /api/categories/with-items/{userId}: a restaurant's public menu for the
 * diner — categories with their items (prices in cents) and each item's
 * modifier groups. An unknown restaurant simply has no categories.
 */
export const loader = publicApi({
  GET: async ({ params, context }) => {
    const userId = params.userId ?? ''
    invariantApi(isIdLike(userId), 'NOT_FOUND', 'Restaurant not found.')
    const categories = await readOwnerMenu(getDb(context.cloudflare.env.DB), userId)
    return json(
      categories.map((category) => ({
        id: category.id,
        name: category.name,
        description: category.description,
        nameEn: category.nameEn,
        descriptionEn: category.descriptionEn,
        menuItems: category.items.map((item) => ({
          ...toWireMenuItem({ ...item, categoryId: category.id }, category.name),
          modifierGroups: item.modifierGroups.map(toWireModifierGroup),
        })),
      })),
    )
  },
})

export const action = loader
