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
import { invalidRequest, notAuthenticated, StripeError, unrecognizedUrl } from './errors'
import { listEvents, recordEvent, retrieveEvent, type WebhookOptions, webhookSender } from './events'
import { decodeForm, fingerprint, type Form } from './form'
import {
  authenticatePaymentIntent,
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
import { createRefund, retrieveRefund } from './refunds'
import { type Call, emptyState, newId, type StandInState } from './state'

export interface StripeStandInOptions {
  /** The one secret key accepted; without it, any test-mode secret key (`sk_test_…`) is. */
  secretKey?: string
  /** Where to POST every event, signed with `secret` as Stripe signs webhooks. */
  webhook?: WebhookOptions
  /** Where failed webhook deliveries and the stand-in's own failures are reported (console.warn unless given). */
  log?: (message: string) => void
}

export interface StripeStandIn {
  fetch(request: Request): Promise<Response>
  state: StandInState
  /** Resolves once every event so far has been delivered to the webhook, or has failed to be. */
  webhooksSettled(): Promise<void>
}

type Endpoint = (call: Call, url: URL) => object | Response

interface Route {
  method: 'GET' | 'POST'
  segments: string[]
  /** An API route needs a secret key and may act for a connected account; the stand-in's own pages are reached from a browser. */
  api: boolean
  endpoint: Endpoint
}

const route =
  (api: boolean) =>
  (method: Route['method'], pattern: string, endpoint: Endpoint): Route => ({
    method,
    segments: pattern.split('/'),
    api,
    endpoint,
  })
const apiRoute = route(true)
const pageRoute = route(false)

const ROUTES: Route[] = [
  apiRoute('POST', '/v1/payment_intents', createPaymentIntent),
  apiRoute('GET', '/v1/payment_intents/:id', retrievePaymentIntent),
  apiRoute('POST', '/v1/payment_intents/:id/confirm', confirmPaymentIntent),
  apiRoute('POST', '/v1/payment_intents/:id/capture', capturePaymentIntent),
  apiRoute('POST', '/v1/payment_intents/:id/cancel', cancelPaymentIntent),
  apiRoute('GET', '/v1/charges/:id', retrieveCharge),
  apiRoute('POST', '/v1/refunds', createRefund),
  apiRoute('GET', '/v1/refunds/:id', retrieveRefund),
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
  pageRoute('POST', '/_standin/payment_intents/:id/authenticate', authenticatePaymentIntent),
  pageRoute('GET', '/_standin/onboarding/:id', onboardingPage),
  pageRoute('POST', '/_standin/onboarding/:id', completeOnboarding),
  pageRoute('POST', '/_standin/accounts/:id/activate', (call) => activateAccount(call, call.path.id!)),
]

export function createStripeStandIn(options: StripeStandInOptions = {}): StripeStandIn {
  const state = emptyState()
  const log = options.log ?? ((message: string) => console.warn(message))
  const webhooks = webhookSender(options.webhook, state, log)

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const requestId = newId('req', 14)
    const apiVersion = request.headers.get('Stripe-Version')
    const common = { 'Request-Id': requestId, ...(apiVersion ? { 'Stripe-Version': apiVersion } : {}) }
    let idempotency: { slot: string; key: string; print: string } | null = null
    try {
      // Stripe asks for the key before it looks at the URL.
      if (url.pathname.startsWith('/v1/')) checkKey(request.headers.get('Authorization'), options.secretKey)
      const found = match(request.method, url.pathname)
      if (!found) throw unrecognizedUrl(request.method, url.pathname)
      const account = found.route.api ? connectedAccount(state, request.headers.get('Stripe-Account')) : null
      const form = await readForm(request, url, found.route.api)
      const key = found.route.api && request.method === 'POST' ? request.headers.get('Idempotency-Key') : null
      if (key) {
        idempotency = { slot: `${account ?? ''} ${key}`, key, print: fingerprint(form) }
        const saved = state.idempotency.get(idempotency.slot)
        if (saved) {
          if (saved.method !== request.method || saved.path !== url.pathname) {
            throw idempotencyError(
              `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.method} ${saved.path}' vs '${request.method} ${url.pathname}'). Try using a key other than '${key}' if you meant to execute a different request.`,
            )
          }
          if (saved.fingerprint !== idempotency.print) {
            throw idempotencyError(
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            )
          }
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
      }
      const now = Math.floor(Date.now() / 1000)
      const source = { request: { id: requestId, idempotency_key: key, apiVersion }, now, webhook: options.webhook }
      const call: Call = {
        state,
        account,
        form,
        path: found.path,
        origin: url.origin,
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
      const result = found.route.endpoint(call, url)
      if (result instanceof Response) return result
      return answer(200, JSON.stringify(result, null, 2))
    } catch (error) {
      if (error instanceof StripeError) return answer(error.status, JSON.stringify(error.body(), null, 2))
      log(
        `Stripe stand-in: ${request.method} ${url.pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      )
      return answer(
        500,
        JSON.stringify(
          {
            error: {
              type: 'api_error',
              message: `The Stripe stand-in failed on ${request.method} ${url.pathname}: ${String(error)}`,
            },
          },
          null,
          2,
        ),
      )
    }

    function answer(status: number, body: string): Response {
      // Stripe keeps what an endpoint did under its key: a success, or a declined card after the attempt was recorded. A
      // refusal before the endpoint acted (every other 4xx here) is not kept, so a corrected retry may reuse the key.
      if (idempotency && (status === 200 || status === 402)) {
        state.idempotency.set(idempotency.slot, {
          method: request.method,
          path: url.pathname,
          fingerprint: idempotency.print,
          status,
          body,
          requestId,
        })
      }
      return new Response(body, {
        status,
        headers: { ...JSON_TYPE, ...common, ...(idempotency ? { 'Idempotency-Key': idempotency.key } : {}) },
      })
    }
  }

  return { fetch: handle, state, webhooksSettled: webhooks.settled }
}

const JSON_TYPE = { 'Content-Type': 'application/json' }

function match(method: string, pathname: string): { route: Route; path: Record<string, string> } | null {
  let segments: string[]
  try {
    segments = pathname.replace(/\/$/, '').split('/').map(decodeURIComponent)
  } catch {
    return null
  }
  for (const candidate of ROUTES) {
    if (candidate.method !== method || candidate.segments.length !== segments.length) continue
    const path: Record<string, string> = {}
    const fits = candidate.segments.every((segment, index) => {
      const actual = segments[index]!
      if (segment.startsWith(':')) path[segment.slice(1)] = actual
      return segment.startsWith(':') ? actual !== '' : segment === actual
    })
    if (fits) return { route: candidate, path }
  }
  return null
}

/** Stripe takes a secret key as a Bearer token, or as the user name of Basic auth (`curl -u sk_test_…:`). */
function checkKey(authorization: string | null, secretKey: string | undefined): void {
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
    throw invalidRequest(
      `Invalid request: unsupported Content-Type ${type}. Stripe's API takes form-encoded bodies (application/x-www-form-urlencoded).`,
    )
  }
  return decodeForm(api ? [query, body].filter(Boolean).join('&') : body)
}

function idempotencyError(message: string): StripeError {
  return new StripeError(400, { type: 'idempotency_error', message })
}
