/**
 * The stand-in over HTTP, for an offline `npm start`: point the Worker's
 * Stripe SDK at it (`host: '127.0.0.1', port, protocol: 'http'`) and open its
 * onboarding links in a browser.
 */
import { serveStandIn, type ServedStandIn as Served } from '../http-server'
import { createStripeStandIn, type StripeStandIn, type StripeStandInOptions } from './handler'

export interface ServeOptions extends StripeStandInOptions {
  /** 0 picks a free port; `url` says which. */
  port: number
  host?: string
}

export type ServedStandIn = Served<StripeStandIn>

export function serve({ port, host, ...options }: ServeOptions): Promise<ServedStandIn> {
  return serveStandIn(createStripeStandIn(options), {
    port,
    host,
    failure: (error) =>
      Response.json(
        { error: { type: 'api_error', message: `The Stripe stand-in's server failed: ${String(error)}` } },
        { status: 500 },
      ),
  })
}
