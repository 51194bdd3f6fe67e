import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  LoaderFunctionArgs,
} from '@remix-run/cloudflare'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToReadableStream } from 'react-dom/server'
import { varyByLanguage } from '~/server/http/i18n.server'
import { askDeviceScheme } from '~/server/http/theme.server'
import { logUnexpected } from '~/server/http/request-id.server'
import { NonceProvider } from '~/ui/nonce'

/**
 * What the Worker entry (workers/app.ts) takes from this build: its fetch
 * handler and the Durable Object classes, so every module the Worker runs is
 * bundled once, here, and minified.
 */
export { createWorker } from './server/worker.server'
export { TableSession } from './server/table-session/durable-object.server'
export { RestaurantHub } from './server/live/restaurant-hub.server'

const ABORT_DELAY_MS = 5_000

/**
 * A page refused above a limit (429) says when to try again, whichever
 * route's action or loader refused: those headers reach a document only
 * through here (routes would each need a `headers` export otherwise).
 */
function retryAfterOf({ staticHandlerContext: { actionHeaders, loaderHeaders } }: EntryContext): string | null {
  for (const headers of [...Object.values(actionHeaders ?? {}), ...Object.values(loaderHeaders)]) {
    const value = headers.get('Retry-After')
    if (value) return value
  }
  return null
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController()
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS)
  const nonce = loadContext.cspNonce
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) logUnexpected(error, loadContext, request)
        responseStatusCode = 500
      },
    },
  )
  body.allReady.then(() => clearTimeout(timeout))
  // Crawlers and no-JS clients get the whole document at once.
  if (isbot(request.headers.get('user-agent') || '')) await body.allReady
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  const retryAfter = responseStatusCode === 429 ? retryAfterOf(remixContext) : null
  if (retryAfter) responseHeaders.set('Retry-After', retryAfter)
  varyByLanguage(responseHeaders)
  askDeviceScheme(responseHeaders)
  return new Response(body, { headers: responseHeaders, status: responseStatusCode })
}

/** A client-side navigation's data carries the page's strings: it varies with the language as much as the page does. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  varyByLanguage(response.headers)
  return response
}

/** Errors a loader or action threw (not the responses they throw on purpose), logged with the id the error page shows. */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (!request.signal.aborted) logUnexpected(error, context, request)
}
