import type { AppLoadContext } from '@remix-run/cloudflare'

const ids = new WeakMap<AppLoadContext, string>()

/**
 * The id a person can quote for this request, the same in the log and on the
 * error page: Cloudflare's ray id when the request came through Cloudflare,
 * else one made up once per request (the context is one object per request).
 */
export function requestIdOf(context: AppLoadContext, request: Request): string {
  let id = ids.get(context)
  if (!id) {
    id = request.headers.get('cf-ray') ?? crypto.randomUUID().replaceAll('-', '').slice(0, 16)
    ids.set(context, id)
  }
  return id
}

/** A path as the log may show it: a reset link's token is a password for an hour, a receipt's opens it for a year: neither reaches the log. */
const loggablePath = (pathname: string) =>
  pathname
    .replace(/^\/admin\/reset-password\/[^/]+/, '/admin/reset-password/[token]')
    .replace(/^(\/customer\/receipt\/[^/]+)\/[^/]+/, '$1/[token]')

/** Logs an error nobody expected, with the id its error page shows. */
export function logUnexpected(error: unknown, context: AppLoadContext, request: Request) {
  console.error(
    `Unexpected error, request ${requestIdOf(context, request)} (${request.method} ${loggablePath(new URL(request.url).pathname)})`,
    error,
  )
}
