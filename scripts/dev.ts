/**
 * `npm start`'s server: wrangler dev on 127.0.0.1:8787 with the local
 * stand-ins (scripts/local-vars.ts). `STRIPE=standin npm start` takes card
 * payments through Stripe instead: the Stripe stand-in runs here on
 * 127.0.0.1:12111, the Worker's Stripe SDK is pointed at it, and it sends
 * its webhooks to this server, as Stripe sends them to a deployed Mesa.
 * The Facturapi stand-in always runs here, on 127.0.0.1:12112, so that a
 * local run issues receipts and facturas offline (FACTURAPI_API_BASE).
 */
import { spawn } from 'node:child_process'
import { HANDLED_STRIPE_EVENTS } from '../app/server/payments/stripe-events.server'
import { serve as serveFacturapi } from '../stand-ins/facturapi/server'
import { serve } from '../stand-ins/stripe/server'
import {
  FACTURAPI_STANDIN_ORGANIZATIONS,
  facturapiStandInVars,
  LOCAL_VARS,
  STANDIN_KEYS,
  stripeStandInVars,
  varFlags,
} from './local-vars'

const APP = 'http://127.0.0.1:8787'
const STRIPE_STANDIN_PORT = 12111
const FACTURAPI_STANDIN_PORT = 12112

async function stripeVars(): Promise<Record<string, string>> {
  const stripe = process.env.STRIPE
  if (!stripe) return {}
  if (stripe !== 'standin')
    throw new Error(`STRIPE=${stripe}: a local run knows only STRIPE=standin (docs/payments.md).`)
  const standIn = await serve({
    port: STRIPE_STANDIN_PORT,
    secretKey: STANDIN_KEYS.secretKey,
    // Sent what a deployed Mesa's endpoint is (npm run stripe:webhook): a handler needing more is caught here.
    webhook: {
      url: `${APP}/api/webhooks/stripe`,
      secret: STANDIN_KEYS.webhookSecret,
      enabledEvents: [...HANDLED_STRIPE_EVENTS],
    },
  })
  console.log(
    `Stripe stand-in on ${standIn.url}: connect a restaurant in Configuración; its onboarding page opens from there.`,
  )
  return stripeStandInVars(standIn.url)
}

async function facturapiVars(): Promise<Record<string, string>> {
  const standIn = await serveFacturapi({ port: FACTURAPI_STANDIN_PORT, organizations: FACTURAPI_STANDIN_ORGANIZATIONS })
  console.log(
    `Facturapi stand-in on ${standIn.url}/v2, for the test keys ${FACTURAPI_STANDIN_ORGANIZATIONS.map(({ key }) => key).join(' and ')} (docs/facturapi-standin.md).`,
  )
  return facturapiStandInVars(standIn.url)
}

const vars = { ...LOCAL_VARS, ...(await stripeVars()), ...(await facturapiVars()) }
const server = spawn('npx', ['wrangler', 'dev', '--ip', '127.0.0.1', '--port', '8787', ...varFlags(vars)], {
  stdio: 'inherit',
})
server.on('exit', (code) => process.exit(code ?? 0))
