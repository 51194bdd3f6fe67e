import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { setupRestaurantSchema } from '~/domain/schemas/auth'
import { saveRestaurant } from '~/server/auth/accounts.server'
import { requireStaffApi } from '~/server/auth/session.server'
import { api, json, methodNotAllowed, readJson } from '~/server/http.server'
import { getT } from '~/server/i18n.server'

export const loader = methodNotAllowed('POST')

/** POST /api/auth/setup-restaurant: the signed-in owner's restaurant profile. */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const user = await requireStaffApi(context, request)
  const input = await readJson(request, setupRestaurantSchema, await getT(request))
  await saveRestaurant(context.cloudflare.env, user.id, input)
  return json({ user: { id: user.id, email: user.email, restaurantName: input.restaurantName } })
})
