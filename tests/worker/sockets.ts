import { SELF } from 'cloudflare:test'
import type { BillEvent } from '~/domain/live'
import { ORIGIN } from './fixtures'

/** Opens a live socket and collects what it receives (`onEvent` hears each as it comes). */
export async function connect(
  path: string,
  headers: Record<string, string> = {},
  onEvent?: (event: BillEvent) => void,
) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: { Upgrade: 'websocket', ...headers } })
  const socket = response.webSocket
  if (!socket)
    return {
      response,
      received: [] as BillEvent[],
      until: () => Promise.reject(new Error(`no socket: ${response.status}`)),
      next: () => Promise.reject(new Error(`no socket: ${response.status}`)),
      close: () => undefined,
      closed: Promise.resolve(0),
    }
  socket.accept()
  const closed = new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code)))
  const received: BillEvent[] = []
  const waiting: { count: number; resolve: (events: BillEvent[]) => void }[] = []
  socket.addEventListener('message', (event) => {
    received.push(JSON.parse(String(event.data)) as BillEvent)
    onEvent?.(received.at(-1)!)
    for (const waiter of waiting.filter(({ count }) => count === received.length)) waiter.resolve([...received])
  })
  /** The first `count` messages, once they have come. */
  const until = (count: number, timeoutMs = 2000) =>
    new Promise<BillEvent[]>((resolve, reject) => {
      if (received.length >= count) return resolve(received.slice(0, count))
      const timer = setTimeout(() => reject(new Error(`${received.length} of ${count} messages`)), timeoutMs)
      waiting.push({
        count,
        resolve: (events) => {
          clearTimeout(timer)
          resolve(events)
        },
      })
    })
  /** The next message from now. */
  const next = async () => (await until(received.length + 1)).at(-1)
  return { response, received, until, next, close: () => socket.close(1000, 'done'), closed }
}
