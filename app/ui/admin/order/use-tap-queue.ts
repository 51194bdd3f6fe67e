import { useFetcher } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTicketBusy } from './use-ticket-busy'

/** A tap on a dish's row: one more of its line, or the undo of one. */
interface Tap {
  menuItemId: string
  /** The line it adds to or takes from (cartLineKey). */
  line: string
  change: 1 | -1
  /** The form the tap would post without JavaScript. */
  fields: [string, string][]
}

/** Taps waiting their turn, by line: how many to add (or, below zero, take off) and the form to send it with. */
interface Waiting {
  menuItemId: string
  line: string
  count: number
  add: [string, string][]
  undo: [string, string][]
}

/**
 * The dish rows' taps, sent one request at a time. Every change reads the
 * ticket from its cookie and answers the whole of it, so two at once would
 * each start from the same ticket and the last would undo the first: a tap
 * while a change is on its way waits, and the taps on one line that waited
 * go as one (three taps, one add of three; an undo of a waiting tap never
 * leaves the phone). `shown` is how many of a dish the row should read:
 * the ticket as drawn, with what is waiting or on its way.
 */
export function useTapQueue(action: string) {
  const fetcher = useFetcher()
  const { settling } = useTicketBusy()
  const [waiting, setWaiting] = useState<Waiting[]>([])
  const [sent, setSent] = useState<{ menuItemId: string; count: number } | null>(null)

  useEffect(() => {
    if (fetcher.state === 'idle') setSent(null)
  }, [fetcher.state])

  useEffect(() => {
    if (settling || sent) return
    const next = waiting.find((entry) => entry.count !== 0)
    if (!next) return
    const form = new FormData()
    const fields = next.count > 0 ? next.add : next.undo
    for (const [name, value] of fields) if (name !== 'quantity') form.append(name, value)
    if (next.count > 0) form.set('quantity', String(next.count))
    setWaiting((all) => all.filter((entry) => entry !== next))
    setSent({ menuItemId: next.menuItemId, count: next.count })
    // An undo that waited for several adds' worth is rare (a row shows no undo it cannot make): it goes one at a time.
    if (next.count < -1) setWaiting((all) => [...all, { ...next, count: next.count + 1 }])
    fetcher.submit(form, { method: 'post', action, preventScrollReset: true })
  }, [settling, sent, waiting, fetcher, action])

  const tap = ({ menuItemId, line, change, fields }: Tap) =>
    setWaiting((all) => {
      const found = all.find((entry) => entry.line === line)
      const kept = found ?? { menuItemId, line, count: 0, add: [], undo: [] }
      const next = {
        ...kept,
        count: kept.count + change,
        ...(change > 0 ? { add: fields } : { undo: fields }),
      }
      return found ? all.map((entry) => (entry === found ? next : entry)) : [...all, next]
    })

  const shown = (menuItemId: string, drawn: number) =>
    drawn +
    waiting.reduce((sum, entry) => (entry.menuItemId === menuItemId ? sum + entry.count : sum), 0) +
    (sent?.menuItemId === menuItemId ? (sent.count > 0 ? sent.count : -1) : 0)

  return { tap, shown }
}
