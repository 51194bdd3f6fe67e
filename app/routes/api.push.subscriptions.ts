import { pushSubscriptionSchema, pushUnsubscribeSchema } from '~/domain/schemas/push'
import { removeSubscription, saveSubscription } from '~/server/alerts/push-subscriptions.server'
import type { ApiAccess } from '~/server/auth/guard.server'
import { ApiError, json } from '~/server/http/api.server'
import { staffApi, withBody } from '~/server/http/resource-routes.server'
import { restaurantHub } from '~/server/live/live-sockets.server'

/** Any member turns notifications on and off for their own devices. */
export const access = { POST: 'restaurant.view', DELETE: 'restaurant.view' } satisfies ApiAccess

/**
 * POST /api/push/subscriptions: this device takes the member's alerts of the
 * restaurant they work in, until this session ends (docs/api.md). DELETE
 * { endpoint }: it stops; answered alike whether or not it was kept.
 */
const subscriptions = staffApi(access, {
  POST: withBody(pushSubscriptionSchema, async ({ db, env, person, restaurant, session, device, t, body }) => {
    // A shared tablet would keep showing the alerts of whoever turned them on, to whoever is at it after them.
    if (device) throw new ApiError('FORBIDDEN', t('admin.notifications.sharedDevice'))
    await saveSubscription(db, { person, restaurant, session }, body)
    // The restaurant's hub looks for devices once a minute; this one should hear the next alert.
    await restaurantHub(env, restaurant.id).devicesChanged()
    return json({ endpoint: body.endpoint }, 201)
  }),
  DELETE: withBody(pushUnsubscribeSchema, async ({ db, person, body }) => {
    await removeSubscription(db, person.id, body.endpoint)
    return json({ deleted: true })
  }),
})

export const loader = subscriptions
export const action = subscriptions
