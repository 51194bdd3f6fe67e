import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import type { loader as staffAreaLoader } from '~/routes/admin'
import { alertId, alertText } from '~/domain/alerts'
import { ALERT_FORMS, type AlertIntent } from '~/domain/schemas/alerts'
import { signatureOf } from '~/domain/signature'
import { answerCall } from '~/server/alerts/waiter-calls.server'
import { listAlerts, markRead, setAlertSound, type AlertRow } from '~/server/alerts/alert-reads.server'
import { requireStaff, requireStaffForm, type PageAccess } from '~/server/auth/guard.server'
import { getDb } from '~/server/db/client.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'
import { useClock } from '~/ui/clock'
import { staffTitle } from '~/ui/page-title'

export const meta: MetaFunction = (args) => staffTitle(args, (t) => t('admin.alerts.title'))

export const access: PageAccess = { view: 'alerts.view', intents: ALERT_FORMS.permissions }

const HERE = '/admin/alerts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { person, restaurant } = await requireStaff(context, request, 'page', access.view)
  return { alerts: await listAlerts(getDb(context.cloudflare.env.DB), person.id, restaurant.id) }
}

/** Reading an alert (opening its table reads it), all of them, answering a diner's call, the chime on or off. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const { person, restaurant } = await requireStaffForm(context, request, access, form)
  const env = context.cloudflare.env
  const db = getDb(env.DB)
  const who = { userId: person.id, restaurantId: restaurant.id }
  const now = Date.now()
  const submission = parseWithZod(form, { schema: ALERT_FORMS.schema })
  if (submission.status !== 'success') return redirect(HERE, 303)
  const sent = submission.value
  switch (sent.intent) {
    case 'sound':
      await setAlertSound(db, person.id, sent.sound)
      return redirectWithToast(HERE, { title: 'admin.alerts.soundSaved' }, { status: 303 })
    case 'answer': {
      const answered = await answerCall(env, restaurant.id, sent, signatureOf(person))
      await markRead(db, who, [alertId('call', sent.callId)], now)
      return redirectWithToast(
        HERE,
        answered.ok ? { title: 'admin.alerts.answered' } : { title: 'admin.alerts.callGone', variant: 'destructive' },
        { status: 303 },
      )
    }
    case 'read-all':
      await markRead(db, who, 'all', now)
      return redirect(HERE, 303)
    case 'read':
    case 'open': {
      await markRead(db, who, sent.alertId ? [sent.alertId] : 'all', now)
      const table = sent.intent === 'open' ? (sent.tableId ?? '') : ''
      return redirect(table ? `/admin/tables/${encodeURIComponent(table)}` : HERE, 303)
    }
  }
}

export default function Alerts() {
  const { alerts } = useLoaderData<typeof loader>()
  const { t } = useI18n()
  const unread = alerts.some((alert) => !alert.read)
  return (
    <div className="min-h-dvh">
      <AdminTopBar backTo="/admin" backLabel={t('admin.cashOut.back')} />
      <main className="mx-auto grid max-w-2xl gap-4 px-4 py-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">{t('admin.alerts.title')}</h1>
            <p className="text-stone-600 dark:text-stone-400">{t('admin.alerts.lead')}</p>
          </div>
          {unread ? (
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value={'read-all' satisfies AlertIntent}
                className={buttonClass.secondary}
                data-testid="read-all"
              >
                {t('admin.alerts.markAllRead')}
              </button>
            </Form>
          ) : null}
        </div>
        {alerts.length === 0 ? (
          <p className="rounded-2xl bg-white p-4 text-stone-600 dark:bg-stone-900 dark:text-stone-400">
            {t('admin.alerts.empty')}
          </p>
        ) : (
          <ul className="grid gap-2" data-testid="alerts">
            {alerts.map((alert) => (
              <AlertItem key={alert.id} alert={alert} />
            ))}
          </ul>
        )}
        <SoundChoice />
        <Link
          to="/admin/notifications"
          className={`${buttonClass.secondary} justify-self-start`}
          data-testid="phone-notifications"
        >
          {t('admin.alerts.onThisPhone')}
        </Link>
      </main>
    </div>
  )
}

function AlertItem({ alert }: { alert: AlertRow }) {
  const { t } = useI18n()
  const clock = useClock()
  const text = alertText(t, alert)
  const urgent =
    alert.kind === 'call' ||
    alert.kind === 'walkout' ||
    alert.kind === 'payment-failed' ||
    alert.kind === 'refund-failed'
  return (
    <li
      className={`grid gap-2 rounded-2xl border p-4 ${alert.read ? 'border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900' : urgent ? 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/50' : 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/50'}`}
      data-testid="alert"
      data-kind={alert.kind}
      data-read={alert.read}
    >
      <p className={alert.read ? '' : 'font-semibold'}>
        {alert.read ? null : <span className="sr-only">{t('admin.alerts.unread')}: </span>}
        {text}
      </p>
      <p className="text-sm text-stone-600 dark:text-stone-400">{clock.time(alert.createdAt)}</p>
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="alertId" value={alert.id} />
        <input type="hidden" name="tableId" value={alert.tableId} />
        {alert.kind === 'call' && alert.resolvedAt === null ? (
          <>
            <input type="hidden" name="sessionId" value={alert.sessionId} />
            <input type="hidden" name="callId" value={alert.id.slice('call:'.length)} />
            <button
              type="submit"
              name="intent"
              value={'answer' satisfies AlertIntent}
              className={`${buttonClass.primary} px-4!`}
              data-testid="answer-call"
            >
              {t('admin.alerts.answer')}
            </button>
          </>
        ) : null}
        <button
          type="submit"
          name="intent"
          value={'open' satisfies AlertIntent}
          className={`${buttonClass.secondary} px-3!`}
        >
          {t('admin.alerts.open')}
        </button>
        {alert.read ? null : (
          <button
            type="submit"
            name="intent"
            value={'read' satisfies AlertIntent}
            className={`${buttonClass.secondary} px-3!`}
          >
            {t('admin.alerts.markRead')}
          </button>
        )}
      </Form>
    </li>
  )
}

/** The person's chime for new alerts, on every device they use. */
function SoundChoice() {
  const { t } = useI18n()
  const on = useRouteLoaderData<typeof staffAreaLoader>('routes/admin')?.alerts?.sound ?? true
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2 rounded-2xl bg-white p-4 dark:bg-stone-900">
      <input type="hidden" name="intent" value={'sound' satisfies AlertIntent} />
      <span className="min-w-40 flex-1 font-semibold">{t('admin.alerts.sound')}</span>
      {(['on', 'off'] as const).map((value) => (
        <button
          key={value}
          type="submit"
          name="sound"
          value={value}
          aria-pressed={on === (value === 'on')}
          className={on === (value === 'on') ? buttonClass.primary : buttonClass.secondary}
          data-testid={`sound-${value}`}
        >
          {t(value === 'on' ? 'admin.alerts.soundOn' : 'admin.alerts.soundOff')}
        </button>
      ))}
    </Form>
  )
}
