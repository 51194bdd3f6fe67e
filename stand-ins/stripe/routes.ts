import { type Call } from './state'

export { match } from '../engine/path-pattern'

export type Endpoint = (call: Call, url: URL) => object | Response

export interface Route {
  method: 'GET' | 'POST' | 'DELETE'
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
