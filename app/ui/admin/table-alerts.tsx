import { Form } from '@remix-run/react'
import type { CallReason } from '~/domain/alerts'
import type { TableIntent } from '~/domain/schemas/table-forms'
import { buttonClass } from '../button'
import { useClock } from '../clock'
import { useI18n } from '../i18n'

/** Whether the person gets this table's alerts, and the one tap that changes it. */
export function FollowTable({ following }: { following: boolean }) {
  const { t } = useI18n()
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value={'follow' satisfies TableIntent} />
      <span className="sr-only">{following ? t('admin.alerts.following') : t('admin.alerts.notFollowing')}</span>
      <button
        type="submit"
        name="following"
        value={following ? 'off' : 'on'}
        aria-pressed={following}
        className={buttonClass.secondary}
        data-testid="follow-table"
        data-following={following}
      >
        {following ? t('admin.alerts.unfollow') : t('admin.alerts.follow')}
      </button>
    </Form>
  )
}

/** A diner's call waiting on this table, large, with the tap that tells them someone is coming. */
export function CallWaiting({
  call,
  sessionId,
}: {
  call: { id: string; reason: CallReason; createdAt: number }
  sessionId: string
}) {
  const { t } = useI18n()
  const clock = useClock()
  return (
    <Form
      method="post"
      className="flex flex-wrap items-center gap-3 rounded-2xl border-2 border-red-700 bg-red-50 p-4 dark:bg-red-950/60"
      role="alert"
      data-testid="call-waiting"
    >
      <input type="hidden" name="intent" value={'answer-call' satisfies TableIntent} />
      <input type="hidden" name="sessionId" value={sessionId} />
      <input type="hidden" name="callId" value={call.id} />
      <p className="flex-1 text-lg font-bold text-red-950 dark:text-red-50">
        {t('admin.alerts.callWaiting', {
          reason: t(`admin.alerts.reasons.${call.reason}`),
          time: clock.time(call.createdAt),
        })}
      </p>
      <button type="submit" className={buttonClass.primary} data-testid="answer-call">
        {t('admin.alerts.answer')}
      </button>
    </Form>
  )
}
