import { type Call } from './state'

export type Endpoint = (call: Call, url: URL) => object | Response

export interface Route {
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
export const apiRoute = route(true)
export const pageRoute = route(false)

export function match(
  routes: Route[],
  method: string,
  pathname: string,
): { route: Route; path: Record<string, string> } | null {
  let segments: string[]
  try {
    segments = pathname.replace(/\/$/, '').split('/').map(decodeURIComponent)
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
