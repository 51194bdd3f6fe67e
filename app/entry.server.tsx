import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToReadableStream } from 'react-dom/server'
import { logUnexpected } from '~/server/request-id.server'

/**
 * The Worker takes Remix's request handler from this build rather than from
 * node_modules, so requests are matched by the copy of the router this build
 * patched (vite/cache-route-matching.ts).
 */
export { createRequestHandler } from '@remix-run/cloudflare'

const ABORT_DELAY_MS = 5_000

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController()
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS)
  const body = await renderToReadableStream(
    <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />,
    {
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
  return new Response(body, { headers: responseHeaders, status: responseStatusCode })
}

/** Errors a loader or action threw (not the responses they throw on purpose), logged with the id the error page shows. */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (!request.signal.aborted) logUnexpected(error, context, request)
}
