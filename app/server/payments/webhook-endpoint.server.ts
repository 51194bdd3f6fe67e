import type Stripe from 'stripe'
import { HANDLED_STRIPE_EVENTS } from './stripe-events.server'

/** How Mesa's own endpoint is told from any other the platform has: set on it when it is created. */
const MESA_ENDPOINT = { mesa: 'connect' } as const

type WebhookSetup =
  | { outcome: 'created'; endpoint: Stripe.WebhookEndpoint; secret: string }
  | { outcome: 'updated' | 'unchanged'; endpoint: Stripe.WebhookEndpoint }

/**
 * The platform's Connect webhook endpoint at `url`, sent exactly the events
 * Mesa's handler acts on (HANDLED_STRIPE_EVENTS): created when Mesa has none
 * there (its signing secret is shown this once, for STRIPE_WEBHOOK_SECRET),
 * set to those events (and enabled) when it differs, left alone when it
 * already matches. Run by `npm run stripe:webhook`.
 */
export async function setUpWebhookEndpoint(stripe: Stripe, url: string): Promise<WebhookSetup> {
  const wanted = [...HANDLED_STRIPE_EVENTS].sort()
  const { data } = await stripe.webhookEndpoints.list({ limit: 100 })
  // Mesa's own, else one set up by hand at the same URL (as these docs once said): taken over, never doubled.
  const existing =
    data.find((endpoint) => endpoint.url === url && endpoint.metadata.mesa === MESA_ENDPOINT.mesa) ??
    data.find((endpoint) => endpoint.url === url)
  if (!existing) {
    const created = await stripe.webhookEndpoints.create({
      url,
      connect: true,
      enabled_events: wanted as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
      description: 'Mesa: the events of the restaurants’ connected accounts',
      metadata: MESA_ENDPOINT,
    })
    return { outcome: 'created', endpoint: created, secret: created.secret! }
  }
  const same = [...existing.enabled_events].sort().join() === wanted.join()
  const ours = existing.metadata.mesa === MESA_ENDPOINT.mesa
  if (same && ours && existing.status === 'enabled') return { outcome: 'unchanged', endpoint: existing }
  const updated = await stripe.webhookEndpoints.update(existing.id, {
    enabled_events: wanted as Stripe.WebhookEndpointUpdateParams.EnabledEvent[],
    disabled: false,
    metadata: MESA_ENDPOINT,
  })
  return { outcome: 'updated', endpoint: updated }
}
