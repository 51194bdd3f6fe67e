import { Form, Link } from '@remix-run/react'
import { CALL_REASONS, type CallReason } from '~/domain/alerts'
import { formatTime } from '~/domain/format'
import { buttonClass } from '../button'
import { useI18n } from '../i18n'

interface ShownCall {
  reason: CallReason
  createdAt: number
  answeredAt: number | null
  answeredBy: string | null
}

/**
 * The diner's way to call the waiter: a button that opens the reasons
 * (`?sheet=call`), or, once called, what became of it — received, then
 * who is coming, until the bill is paid: an answered call ends with it.
 * Live with the bill.
 */
export function WaiterCallStatus({
  call,
  billPaid,
  timeZone,
}: {
  call: ShownCall | null
  billPaid: boolean
  timeZone: string
}) {
  const { t, locale } = useI18n()
  if (!call || (billPaid && call.answeredAt !== null))
    return (
      <Link
        to="?sheet=call"
        preventScrollReset
        className={`${buttonClass.secondary} mt-4 w-full`}
        data-testid="call-waiter"
      >
        {t('customer.call.button')}
      </Link>
    )
  return (
    <p
      className="mt-4 rounded-2xl bg-sky-50 p-4 font-semibold text-sky-950 dark:bg-sky-950/60 dark:text-sky-100"
      role="status"
      data-testid="call-status"
      data-answered={call.answeredAt !== null}
    >
      {call.answeredAt !== null
        ? t('customer.call.answered', {
            name: call.answeredBy ?? '',
            time: formatTime(call.answeredAt, locale, timeZone),
          })
        : t('customer.call.waiting', {
            time: formatTime(call.createdAt, locale, timeZone),
            reason: t(`customer.call.reasons.${call.reason}`),
          })}
    </p>
  )
}

/** The reasons, one tap each: a plain form, so it works without JavaScript. */
export function WaiterCallReasons() {
  const { t } = useI18n()
  return (
    <Form method="post" className="grid gap-3" data-testid="call-reasons">
      <input type="hidden" name="intent" value="call" />
      {CALL_REASONS.map((reason) => (
        <button key={reason} type="submit" name="reason" value={reason} className={`${buttonClass.secondary} w-full`}>
          {t(`customer.call.reasons.${reason}`)}
        </button>
      ))}
    </Form>
  )
}
