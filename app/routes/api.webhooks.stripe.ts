import { publicApi } from '~/server/http/resource-routes.server'
import { receiveStripeEvent } from '~/server/payments/stripe-webhooks.server'

/**
 * POST /api/webhooks/stripe: Stripe's events, checked by their signature
 * (see receiveStripeEvent). Stripe calls it, never a browser: it carries no
 * session cookie, so the same-origin check of staff writes leaves it alone,
 * and no rate limit counts it (Stripe's retries must all be heard).
 */
export const action = publicApi({
  POST: ({ request, env, context }) => receiveStripeEvent(env, context.cloudflare.ctx, request),
})

export const loader = action
