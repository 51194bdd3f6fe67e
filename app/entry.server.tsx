import type { AppLoadContext, EntryContext } from '@remix-run/cloudflare'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToReadableStream } from 'react-dom/server'

/**
 * What the Worker entry (workers/app.ts) takes from this build: its fetch
 * handler and the Durable Object classes, so every module the Worker runs is
 * bundled once, here, and minified.
 */
export { createWorker } from './server/worker.server'
export { TableSession } from './server/table-session/durable-object.server'
export { RestaurantHub } from './server/live/restaurant-hub.server'

const ABORT_DELAY_MS = 5_000

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const controller = new AbortController()
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS)
  const body = await renderToReadableStream(
    <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />,
    {
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error)
        responseStatusCode = 500
      },
    },
  )
  body.allReady.then(() => clearTimeout(timeout))
  // Crawlers and no-JS clients get the whole document at once.
  if (isbot(request.headers.get('user-agent') || '')) await body.allReady
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(body, { headers: responseHeaders, status: responseStatusCode })
}
