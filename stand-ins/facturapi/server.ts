/**
 * The stand-in over HTTP, for an offline `npm start`: point the Worker's
 * Facturapi client at `${url}/v2`. Node only; the handler itself is not.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createFacturapiStandIn, type FacturapiStandIn, type FacturapiStandInOptions } from './handler'

export interface ServeOptions extends FacturapiStandInOptions {
  /** 0 picks a free port; `url` says which. */
  port: number
  host?: string
}

export interface ServedStandIn {
  url: string
  standIn: FacturapiStandIn
  close(): Promise<void>
}

export function serve({ port, host = '127.0.0.1', ...options }: ServeOptions): Promise<ServedStandIn> {
  const standIn = createFacturapiStandIn(options)
  const server = createServer((incoming, outgoing) => void relay(standIn, incoming, outgoing))
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      const address = server.address()
      resolve({
        url: `http://${host}:${typeof address === 'object' && address ? address.port : port}`,
        standIn,
        close: () =>
          new Promise((done, fail) => {
            server.close((error) => (error ? fail(error) : done()))
            // A client's kept-alive connection would otherwise hold the close open.
            server.closeAllConnections()
          }),
      })
    })
  })
}

async function relay(standIn: FacturapiStandIn, incoming: IncomingMessage, outgoing: ServerResponse) {
  try {
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD'
    const response = await standIn.fetch(
      new Request(`http://${incoming.headers.host ?? 'localhost'}${incoming.url ?? '/'}`, {
        method: incoming.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
      }),
    )
    outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()))
    outgoing.end(Buffer.from(await response.arrayBuffer()))
  } catch (error) {
    // A fault that drops the connection drops it here too.
    if (error instanceof TypeError && String(error.message).includes('timeout-after')) {
      outgoing.destroy()
      return
    }
    outgoing.writeHead(500, { 'Content-Type': 'application/json' })
    outgoing.end(
      JSON.stringify({
        ok: false,
        status: 500,
        code: 'internal_error',
        message: `The Facturapi stand-in's server failed: ${String(error)}`,
      }),
    )
  }
}
