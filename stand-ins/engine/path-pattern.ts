/*
 * Paths named by pattern, as the stand-ins' routes and armed faults name
 * them: `/v1/payment_intents/:id/capture`, where `:name` stands for any one
 * non-empty segment.
 */

/** What a pattern is matched against: its segments, the method it answers. */
interface Patterned {
  method: string
  segments: string[]
}

/** A path's segments, decoded, a trailing slash dropped; null when a segment is not valid percent-encoding. */
function segmentsOf(pathname: string): string[] | null {
  try {
    return pathname
      .replace(/(.)\/$/, '$1')
      .split('/')
      .map(decodeURIComponent)
  } catch {
    return null
  }
}

/** The values of a pattern's `:name` segments in a path, or null when the path is not one it names. */
function fit(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null
  const path: Record<string, string> = {}
  for (const [index, part] of pattern.entries()) {
    const actual = segments[index]!
    if (part.startsWith(':') ? actual === '' : part !== actual) return null
    if (part.startsWith(':')) path[part.slice(1)] = actual
  }
  return path
}

/** Whether a path is one a pattern names. */
export function pathFits(pattern: string, pathname: string): boolean {
  const segments = segmentsOf(pathname)
  return segments !== null && fit(pattern.split('/'), segments) !== null
}

/** The first route a request takes, with the values of its `:name` segments; null if none fits. */
export function match<Route extends Patterned>(
  routes: Route[],
  method: string,
  pathname: string,
): { route: Route; path: Record<string, string> } | null {
  const segments = segmentsOf(pathname)
  if (!segments) return null
  for (const candidate of routes) {
    if (candidate.method !== method) continue
    const path = fit(candidate.segments, segments)
    if (path) return { route: candidate, path }
  }
  return null
}
