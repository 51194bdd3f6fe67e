import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { api, methodNotAllowed } from '~/server/http/api.server'
import { receiveStripeEvent } from '~/server/payments/stripe-webhooks.server'

export const loader = methodNotAllowed('POST')

/**
 * POST /api/webhooks/stripe: Stripe's events, checked by their signature
 * (see receiveStripeEvent). Stripe calls it, never a browser: it carries no
 * session cookie, so the same-origin check of staff writes leaves it alone,
 * and no rate limit counts it (Stripe's retries must all be heard).
 */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  return receiveStripeEvent(context.cloudflare.env, request)
})
