/**
 * Sets up (or checks) the platform's Connect webhook endpoint for a deployed
 * Mesa: `STRIPE_SECRET_KEY=sk_… npm run stripe:webhook -- https://mesa.example/api/webhooks/stripe`.
 * The endpoint is sent exactly the events Mesa acts on; a new one's signing
 * secret is printed once, for `npx wrangler secret put STRIPE_WEBHOOK_SECRET`.
 * STRIPE_API_BASE points it elsewhere (the local stand-in).
 */
import { stripeClient } from '../app/server/payments/stripe.server'
import { setUpWebhookEndpoint } from '../app/server/payments/webhook-endpoint.server'

const [url] = process.argv.slice(2)
const key = process.env.STRIPE_SECRET_KEY
if (!url || !/^https?:\/\//.test(url) || !key) {
  console.error('Usage: STRIPE_SECRET_KEY=sk_… npm run stripe:webhook -- https://<your Mesa>/api/webhooks/stripe')
  process.exit(1)
}
const stripe = stripeClient({
  STRIPE_SECRET_KEY: key,
  STRIPE_API_BASE: process.env.STRIPE_API_BASE ?? 'https://api.stripe.com',
})
const setup = await setUpWebhookEndpoint(stripe, url)
const events = setup.endpoint.enabled_events.join(', ')
if (setup.outcome === 'created')
  console.log(
    `Created ${setup.endpoint.id} at ${url}, sent: ${events}.\nIts signing secret (shown once): ${setup.secret}\nSet it with: npx wrangler secret put STRIPE_WEBHOOK_SECRET`,
  )
else
  console.log(
    `${setup.outcome === 'updated' ? 'Updated' : 'Already right:'} ${setup.endpoint.id} at ${url}, sent: ${events}.`,
  )
