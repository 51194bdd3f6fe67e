import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { formatDateTime, formatTime, RESTAURANT_TIME_ZONE } from '~/domain/format'
import { useI18n } from '~/ui/i18n'

const ClockContext = createContext(RESTAURANT_TIME_ZONE)

/** The restaurant's clock for the staff pages under it: every time they show is read on it. */
export function ClockProvider({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  return <ClockContext.Provider value={timeZone}>{children}</ClockContext.Provider>
}

/** Times as the restaurant's clock reads them, in the page's language: '11:06 p.m.', '22 de noviembre de 2026, 11:06 p.m.'. */
export function useClock() {
  const timeZone = useContext(ClockContext)
  const { locale } = useI18n()
  return useMemo(
    () => ({
      timeZone,
      time: (at: Date | string | number) => formatTime(at, locale, timeZone),
      dateTime: (at: Date | string | number) => formatDateTime(at, locale, timeZone),
    }),
    [timeZone, locale],
  )
}
