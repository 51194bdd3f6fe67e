/**
 * The stand-in over HTTP, for an offline `npm start`: point the Worker's
 * Facturapi client at `${url}/v2`.
 */
import { serveStandIn, type ServedStandIn } from '../http-server'
import { createFacturapiStandIn, type FacturapiStandIn, type FacturapiStandInOptions } from './handler'

export interface ServeOptions extends FacturapiStandInOptions {
  /** 0 picks a free port; `url` says which. */
  port: number
  host?: string
}

export function serve({ port, host, ...options }: ServeOptions): Promise<ServedStandIn<FacturapiStandIn>> {
  return serveStandIn(createFacturapiStandIn(options), {
    port,
    host,
    failure: (error) =>
      // A fault that drops the connection drops it here too.
      error instanceof TypeError && String(error.message).includes('timeout-after')
        ? 'drop'
        : Response.json(
            {
              ok: false,
              status: 500,
              code: 'internal_error',
              message: `The Facturapi stand-in's server failed: ${String(error)}`,
            },
            { status: 500 },
          ),
  })
}
