export { match } from '../engine/path-pattern'

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
