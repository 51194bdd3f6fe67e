import { apiError } from './http/api.server'
import { createRequestHandler, type ServerBuild } from '@remix-run/cloudflare'
import { action as paymentsApi } from '~/routes/api.payments._index'
import { readSessionToken } from './auth/session.server'
import { cachedBillRead } from './bills/read-cache.server'
import { checkEnv } from './env.server'
import { handleLiveRequest } from './live/live-routes.server'
import { clientAddressOf } from './http/rate-limit.server'
import { newNonce, withSecurityHeaders } from './http/security-headers.server'

/**
 * A write that carries the staff session cookie must come from our own pages
 * (docs/architecture.md, Staff accounts): a foreign site cannot act for a
 * signed-in owner. Browsers send Origin on every cross-site write; no Origin
 * is refused too.
 */
function isForeignWriteWithSession(request: Request, url: URL): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false
  if (!readSessionToken(request)) return false
  return request.headers.get('Origin') !== url.origin
}

/**
 * A configuration production must not run (the stand-in mailer or payment
 * provider, a missing key) serves nothing but this: the operator sees what to
 * set in the log and on the page, nobody is charged or locked out meanwhile.
 */
function misconfigured(problems: string[]): Response {
  console.error(`Mesa refuses to serve with this configuration:\n${problems.join('\n')}`)
  return new Response(`Mesa is not configured to serve yet:\n\n${problems.join('\n')}\n\nSee docs/deploying.md.\n`, {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

/**
 * POST /api/payments, answered by its route's action without Remix: a busy
 * table's diners pay through it hundreds of times a minute, and Remix's
 * handling of a resource route (matching it again, its data strategy, two
 * copies of the request to strip an ?index and a ?_routes a payment never
 * has) was a tenth of a payment's CPU on the thread every table shares.
 * An address with a query string still goes through Remix, as any other.
 */
const isPaymentsApi = (url: URL) => url.pathname === '/api/payments' && url.search === ''

/**
 * The Worker's fetch handler for a server build. It is made inside the build
 * (and handed the build by the Worker entry) so the deployed Worker holds one
 * copy of every module: Remix, the router this build patched
 * (vite/cache-route-matching.ts), zod, drizzle and the app.
 */
export function createWorker(build: ServerBuild): ExportedHandler<Env> {
  const handleRemixRequest = createRequestHandler(build, 'production')
  return {
    async fetch(request, env, ctx) {
      const url = new URL(request.url)
      // Answered before Remix: the runtime ceiling the benchmark compares pages against.
      if (url.pathname === '/healthz') return new Response('ok', { headers: { 'Cache-Control': 'no-store' } })
      const config = checkEnv(env)
      if (!config.ok) return misconfigured(config.problems)
      if (isForeignWriteWithSession(request, url)) {
        const refused = apiError('FORBIDDEN', 'This request must come from the Mesa site itself.')
        return withSecurityHeaders(refused, request, url, '')
      }
      // Only pages carry inline scripts; the JSON API needs no nonce.
      const nonce = url.pathname.startsWith('/api/') ? '' : newNonce()
      const context = { cloudflare: { env, ctx }, cspNonce: nonce, clientAddress: clientAddressOf(request) }
      if (isPaymentsApi(url))
        return withSecurityHeaders(await paymentsApi({ request, context, params: {} }), request, url, nonce)
      const live = await handleLiveRequest(request, url, context)
      if (live) return withSecurityHeaders(live, request, url, nonce)
      const render = () => handleRemixRequest(request, context)
      return withSecurityHeaders(
        (await cachedBillRead(request, url, env, nonce, render)) ?? (await render()),
        request,
        url,
        nonce,
      )
    },
  }
}
