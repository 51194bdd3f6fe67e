import { useEffect, useState } from 'react'

/**
 * The time, moving on every `everyMs` once the page runs: the server's
 * `from` in its HTML (so the page hydrates as drawn), the device's clock after.
 */
export function useNow(from: number, everyMs: number): number {
  const [now, setNow] = useState(from)
  useEffect(() => {
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
