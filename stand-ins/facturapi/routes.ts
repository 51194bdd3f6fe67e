/** A method and a path pattern (`/v2/receipts/:id/invoice`) that lead to a handler. */
export interface Route<Handler> {
  method: string
  segments: string[]
  handler: Handler
}

export const route = <Handler>(method: string, pattern: string, handler: Handler): Route<Handler> => ({
  method,
  segments: pattern.split('/'),
  handler,
})

/** The route a request takes, with the values of its `:name` segments; null if none fits. */
export function match<Handler>(
  routes: Route<Handler>[],
  method: string,
  pathname: string,
): { route: Route<Handler>; path: Record<string, string> } | null {
  let segments: string[]
  try {
    segments = pathname
      .replace(/(.)\/$/, '$1')
      .split('/')
      .map(decodeURIComponent)
  } catch {
    return null
  }
  for (const candidate of routes) {
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
