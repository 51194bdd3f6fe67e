import { useFetchers, useNavigation } from '@remix-run/react'

/**
 * Whether a change of the ticket is on its way (`changing`), or the page is
 * still being drawn again after one (`settling`). Every request reads the
 * ticket from its cookie and answers the whole of it, so a change waits for
 * the one before (two at once would each start from the same ticket, and the
 * last would undo the first), and the ticket is sent only as the page shows it.
 */
export function useTicketBusy() {
  const fetchers = useFetchers()
  const navigation = useNavigation()
  return {
    changing: navigation.state === 'submitting' || fetchers.some((fetcher) => fetcher.state === 'submitting'),
    settling: navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle'),
  }
}
