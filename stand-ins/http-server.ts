/**
 * A stand-in over HTTP, for an offline `npm start` and the browser tests:
 * each request relayed to its `fetch`. Node only; the stand-ins themselves
 * are not.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

interface Handler {
  fetch(request: Request): Promise<Response>
}

export interface ServedStandIn<StandIn> {
  url: string
  standIn: StandIn
  close(): Promise<void>
}

/** What a stand-in's server answers when its handler throws: a response in the service's shape, or `drop` to cut the connection. */
type Failure = (error: unknown) => Response | 'drop'

/** Serves `standIn` on `port` (0 picks a free one; `url` says which). */
export function serveStandIn<StandIn extends Handler>(
  standIn: StandIn,
  { port, host = '127.0.0.1', failure }: { port: number; host?: string; failure: Failure },
): Promise<ServedStandIn<StandIn>> {
  const server = createServer((incoming, outgoing) => void relay(standIn, failure, incoming, outgoing))
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

async function relay(standIn: Handler, failure: Failure, incoming: IncomingMessage, outgoing: ServerResponse) {
  let response: Response
  try {
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD'
    response = await standIn.fetch(
      new Request(`http://${incoming.headers.host ?? 'localhost'}${incoming.url ?? '/'}`, {
        method: incoming.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
      }),
    )
  } catch (error) {
    const answer = failure(error)
    if (answer === 'drop') {
      outgoing.destroy()
      return
    }
    response = answer
  }
  outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()))
  outgoing.end(Buffer.from(await response.arrayBuffer()))
}
