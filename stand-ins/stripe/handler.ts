/**
 * An in-memory stand-in of the part of Stripe's API Mesa uses, for the real
 * `stripe` SDK to talk to where Stripe cannot be reached: worker tests (in
 * workerd, through `Stripe.createFetchHttpClient`), unit tests and offline
 * runs (server.ts). It checks what Stripe checks and answers in Stripe's
 * shapes; what it does not implement is refused loudly, never faked.
 * Web APIs only, so it runs in workerd and in Node alike.
 */
import { retrieveApplicationFee } from './application-fees'
import {
  activateAccount,
  completeOnboarding,
  connectedAccount,
  createAccount,
  createAccountLink,
  onboardingPage,
  retrieveAccount,
} from './accounts'
import { retrieveCharge } from './charges'
import { createConfirmationToken, retrieveConfirmationToken } from './confirmation-tokens'
import { type Controls, controlRoutes, createControls } from './controls'
import { retrieveDispute } from './disputes'
import { apiError, invalidParameter, notAuthenticated, StripeError, unrecognizedUrl } from './errors'
import { type EventSource, listEvents, recordEvent, retrieveEvent, type WebhookOptions, webhookSender } from './events'
import { type Fault } from './faults'
import { decodeForm, type Form } from './form'
import { type IdempotencySlot, idempotencySlot, savedAnswer } from './idempotency'
import { authenticatePaymentIntent } from './payment-intent-confirmation'
import {
  cancelPaymentIntent,
  capturePaymentIntent,
  confirmPaymentIntent,
  createPaymentIntent,
  retrievePaymentIntent,
} from './payment-intents'
import {
  createPaymentMethodDomain,
  listPaymentMethodDomains,
  retrievePaymentMethodDomain,
} from './payment-method-domains'
import { createRefund, listRefunds, retrieveRefund } from './refunds'
import { apiRoute, match, pageRoute, type Route } from './routes'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  registerEndpoint,
  retrieveWebhookEndpoint,
  updateWebhookEndpoint,
} from './webhook-endpoints'
import { type Call, emptyState, newId, type SavedResponse, type StandInState } from './state'

export interface StripeStandInOptions {
  /** The one secret key accepted; without it, any test-mode secret key (`sk_test_…`) is. */
  secretKey?: string
  /** Where to POST every event, signed with `secret` as Stripe signs webhooks. */
  webhook?: WebhookOptions
  /** Where failed webhook deliveries and the stand-in's own failures are reported (console.warn unless given). */
  log?: (message: string) => void
}

export interface StripeStandIn extends Controls {
  fetch(request: Request): Promise<Response>
  state: StandInState
  /** Resolves once every event so far has been delivered to the webhook, or has failed to be (held ones aside). */
  webhooksSettled(): Promise<void>
}

const ROUTES: Route[] = [
  apiRoute('POST', '/v1/payment_intents', createPaymentIntent),
  apiRoute('GET', '/v1/payment_intents/:id', retrievePaymentIntent),
  apiRoute('POST', '/v1/payment_intents/:id/confirm', confirmPaymentIntent),
  apiRoute('POST', '/v1/payment_intents/:id/capture', capturePaymentIntent),
  apiRoute('POST', '/v1/payment_intents/:id/cancel', cancelPaymentIntent),
  apiRoute('GET', '/v1/charges/:id', retrieveCharge),
  apiRoute('POST', '/v1/refunds', createRefund),
  apiRoute('GET', '/v1/refunds/:id', retrieveRefund),
  apiRoute('GET', '/v1/refunds', listRefunds),
  apiRoute('GET', '/v1/application_fees/:id', retrieveApplicationFee),
  apiRoute('POST', '/v1/test_helpers/confirmation_tokens', createConfirmationToken),
  apiRoute('GET', '/v1/confirmation_tokens/:id', retrieveConfirmationToken),
  apiRoute('POST', '/v1/accounts', createAccount),
  apiRoute('GET', '/v1/accounts/:id', retrieveAccount),
  apiRoute('POST', '/v1/account_links', createAccountLink),
  apiRoute('POST', '/v1/payment_method_domains', createPaymentMethodDomain),
  apiRoute('GET', '/v1/payment_method_domains', listPaymentMethodDomains),
  apiRoute('GET', '/v1/payment_method_domains/:id', retrievePaymentMethodDomain),
  apiRoute('GET', '/v1/events', listEvents),
  apiRoute('GET', '/v1/events/:id', retrieveEvent),
  apiRoute('GET', '/v1/disputes/:id', retrieveDispute),
  apiRoute('POST', '/v1/webhook_endpoints', createWebhookEndpoint),
  apiRoute('GET', '/v1/webhook_endpoints', listWebhookEndpoints),
  apiRoute('GET', '/v1/webhook_endpoints/:id', retrieveWebhookEndpoint),
  apiRoute('POST', '/v1/webhook_endpoints/:id', updateWebhookEndpoint),
  apiRoute('DELETE', '/v1/webhook_endpoints/:id', deleteWebhookEndpoint),
  pageRoute('POST', '/_standin/payment_intents/:id/authenticate', authenticatePaymentIntent),
  pageRoute('GET', '/_standin/onboarding/:id', onboardingPage),
  pageRoute('POST', '/_standin/onboarding/:id', completeOnboarding),
  pageRoute('POST', '/_standin/accounts/:id/activate', (call) => activateAccount(call, call.path.id!)),
]

/** What one request came to, before a fault has its say and before it is kept under its idempotency key. */
interface Outcome {
  status: number
  body: string
  /** Whether the endpoint began executing: only then does Stripe keep the answer, and only then do `-after` faults act. */
  ran: boolean
}

/** Where the stand-in's own actions (time passing, its JS controls) say they happened: no request made them. */
const INTERNAL_ORIGIN = 'http://stripe.standin'

export function createStripeStandIn(options: StripeStandInOptions = {}): StripeStandIn {
  const state = emptyState()
  const log = options.log ?? ((message: string) => console.warn(message))
  const webhooks = webhookSender(options.webhook?.fetch, state, log)

  function callFor(fields: Omit<Call, 'state' | 'now' | 'emit'>, request: EventSource['request']): Call {
    const now = state.clock.now()
    const source = { request, now }
    return {
      state,
      ...fields,
      now,
      emit(type, object, { account: eventAccount, previousAttributes } = {}) {
        webhooks.send(
          recordEvent(
            state,
            source,
            type,
            object,
            eventAccount ?? state.owners.get(object.id) ?? null,
            previousAttributes,
          ),
        )
      },
    }
  }

  /** A Call for what happens outside any API request, on `account` (null: the platform). Stripe's own events name no request. */
  const internalCall = (account: string | null = null) =>
    callFor(
      { account, form: {}, path: {}, origin: INTERNAL_ORIGIN, key: null },
      { id: null, idempotency_key: null, apiVersion: null },
    )

  if (options.webhook)
    registerEndpoint(internalCall(), {
      url: options.webhook.url,
      secret: options.webhook.secret,
      enabledEvents: options.webhook.enabledEvents ?? ['*'],
      connect: null,
    })
  const controls = createControls({ state, internalCall, webhooks })
  const routes = [...ROUTES, ...controlRoutes(controls)]

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const requestId = newId('req', 14)
    const apiVersion = request.headers.get('Stripe-Version')
    const common = { 'Request-Id': requestId, ...(apiVersion ? { 'Stripe-Version': apiVersion } : {}) }
    let idempotency: IdempotencySlot | null = null
    let fault: Fault | null = null

    async function run(): Promise<Outcome | Response> {
      // Stripe asks for the key before it looks at the URL.
      const key = url.pathname.startsWith('/v1/')
        ? checkKey(request.headers.get('Authorization'), options.secretKey)
        : null
      const found = match(routes, request.method, url.pathname)
      if (!found) throw unrecognizedUrl(request.method, url.pathname)
      const account = found.route.api ? connectedAccount(state, request.headers.get('Stripe-Account'), key) : null
      const form = await readForm(request, url, found.route.api)
      fault = state.faults.take(request.method, url.pathname, account)
      if (fault?.fault === '500-before') throw failure(`${request.method} ${url.pathname}`)
      const idempotencyKey =
        found.route.api && request.method === 'POST' ? request.headers.get('Idempotency-Key') : null
      if (idempotencyKey) {
        idempotency = idempotencySlot(account, idempotencyKey, form)
        const saved = savedAnswer(state, idempotency, request.method, url.pathname)
        if (saved) return replay(saved, idempotencyKey)
      }
      return state.idempotency.running(idempotency?.slot, async () => {
        if (fault?.fault === 'delay') await new Promise((resolve) => setTimeout(resolve, fault!.ms))
        const call = callFor(
          { account, form, path: found.path, origin: url.origin, key },
          { id: requestId, idempotency_key: idempotencyKey, apiVersion },
        )
        try {
          const result = found.route.endpoint(call, url)
          if (result instanceof Response) return result
          return { status: 200, body: JSON.stringify(result, null, 2), ran: true }
        } catch (error) {
          return refused(error, !(error instanceof StripeError && error.validation))
        }
      })
    }

    function refused(error: unknown, ran: boolean): Outcome {
      if (error instanceof StripeError)
        return { status: error.status, body: JSON.stringify(error.body(), null, 2), ran }
      log(
        `Stripe stand-in: ${request.method} ${url.pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      )
      const message = `The Stripe stand-in failed on ${request.method} ${url.pathname}: ${String(error)}`
      return { status: 500, body: JSON.stringify(apiError(message).body(), null, 2), ran }
    }

    function replay(saved: SavedResponse, key: string): Response {
      return new Response(saved.body, {
        status: saved.status,
        headers: {
          ...JSON_TYPE,
          ...common,
          'Idempotency-Key': key,
          'Idempotent-Replayed': 'true',
          'Original-Request': saved.requestId,
        },
      })
    }

    const outcome = await run().catch((error: unknown) => refused(error, false))
    if (outcome instanceof Response) {
      // A replayed answer can be lost on the way back like any other.
      if ((fault as Fault | null)?.fault === 'timeout-after') throw droppedConnection()
      return outcome
    }
    let { status, body } = outcome
    const acted = fault !== null && outcome.ran
    if (acted && fault!.fault === '500-after') {
      status = 500
      body = JSON.stringify(failure(`${request.method} ${url.pathname}`).body(), null, 2)
    }
    // Stripe keeps the answer of an endpoint that began executing, whatever it was (a 4xx of its own logic, a 500);
    // a request refused on its parameters, or in conflict with one in flight, keeps nothing.
    const slot = idempotency as IdempotencySlot | null
    if (slot && outcome.ran) {
      state.idempotency.keep(slot.slot, {
        method: request.method,
        path: url.pathname,
        fingerprint: slot.print,
        status,
        body,
        requestId,
        created: state.clock.now(),
      })
    }
    if (acted && fault!.fault === 'timeout-after') {
      // The answer was made and kept, but never arrives: the caller's fetch fails as a dropped connection's does.
      throw droppedConnection()
    }
    return new Response(body, {
      status,
      headers: { ...JSON_TYPE, ...common, ...(slot ? { 'Idempotency-Key': slot.key } : {}) },
    })
  }

  return { fetch: handle, state, webhooksSettled: webhooks.settled, ...controls }
}

const droppedConnection = () =>
  new TypeError('fetch failed: the Stripe stand-in dropped the connection (a timeout-after fault)')

/** The 500 a `500-before` or `500-after` fault answers, in Stripe's shape. */
function failure(request: string): StripeError {
  return apiError(
    `An unknown error occurred while processing ${request} (a fault injected into the Stripe stand-in). Retry the request with the same Idempotency-Key.`,
  )
}

const JSON_TYPE = { 'Content-Type': 'application/json' }

/** Stripe takes a secret key as a Bearer token, or as the user name of Basic auth (`curl -u sk_test_…:`). */
function checkKey(authorization: string | null, secretKey: string | undefined): string {
  const [scheme, credentials] = authorization?.split(' ') ?? []
  const key =
    scheme === 'Bearer' ? credentials : scheme === 'Basic' && credentials ? decodeBasic(credentials) : undefined
  if (!key) {
    throw notAuthenticated(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    )
  }
  // The stand-in is test mode: a live key, a publishable key or a different test key is refused.
  if (!/^sk_test_\w+$/.test(key) || (secretKey !== undefined && key !== secretKey)) {
    throw notAuthenticated(`Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`)
  }
  return key
}

function decodeBasic(credentials: string): string | undefined {
  try {
    return atob(credentials).split(':')[0]
  } catch {
    return undefined
  }
}

/** A GET's parameters are its query; a POST's are its form body (and, for the API, its query too, as Stripe reads both). */
async function readForm(request: Request, url: URL, api: boolean): Promise<Form> {
  const query = url.search.slice(1)
  if (request.method !== 'POST') return decodeForm(query)
  // Read as bytes: workerd warns when .text() is called on a form-encoded body.
  const body = new TextDecoder().decode(await request.arrayBuffer())
  const type = request.headers.get('Content-Type') ?? ''
  if (body && !type.startsWith('application/x-www-form-urlencoded')) {
    throw invalidParameter(
      `Invalid request: unsupported Content-Type ${type}. Stripe's API takes form-encoded bodies (application/x-www-form-urlencoded).`,
    )
  }
  return decodeForm(api ? [query, body].filter(Boolean).join('&') : body)
}
