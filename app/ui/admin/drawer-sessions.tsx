import { Form, useActionData } from '@remix-run/react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { decimalPesos } from '~/domain/money'
import { countedCents, MXN_DENOMINATIONS, type DenominationCounts, type DrawerSession } from '~/domain/drawer'
import type { DrawerIntent } from '~/domain/schemas/drawer'
import { drawersInUse, registerName, type Register } from '~/domain/registers'
import { buttonClass } from '../button'
import { ErrorList, Field, StatusButton, useIsPending } from '../forms'
import { useClock } from '../clock'
import { useI18n } from '../i18n'
import { useHydrated } from '../use-hydrated'

/** The last answer of a drawer form (conform's reply): what was wrong, by field. */
interface Answer {
  initialValue?: Record<string, unknown> | null
  error?: Record<string, string[] | null> | null
}

/**
 * The drawer sessions of the period, first on the cash-out so a phone shows
 * the open one without scrolling: each with what it should hold (its fondo
 * plus the cash taken less the cash given back while it was open), what was
 * counted and the difference, with who counted and any recount. When the
 * period reaches now, the open session's fondo and count forms come with it;
 * a closed session can be recounted. Plain forms: they work without
 * JavaScript, and add up the notes and coins as they are typed with it.
 */
export function DrawerSessions({
  sessions,
  registers,
  current,
  counts,
  shownAt,
}: {
  sessions: DrawerSession[]
  /** The restaurant's registers, retired ones too: each drawer's sessions come under its name. */
  registers: Register[]
  /** Whether the period reaches now: the open session can be counted from it. */
  current: boolean
  /** Whether this member may set the fondo and count. */
  counts: boolean
  /** When the page was shown: a count of a drawer nobody had opened is of the session open then. */
  shownAt: number
}) {
  const { t } = useI18n()
  const inUse = drawersInUse(registers)
  // The restaurant's own drawer first (cash from before it named registers), then each register's as named.
  const drawers = [null, ...registers.map((register) => register.id)].filter((registerId) =>
    sessions.some((session) => session.registerId === registerId),
  )
  return (
    <section aria-labelledby="drawer-title" className="grid gap-4" data-testid="drawer-sessions">
      <h2 id="drawer-title" className="text-lg font-bold">
        {t('admin.cashOut.count.title')}
      </h2>
      {drawers.map((registerId) => (
        <Drawer
          key={registerId ?? ''}
          sessions={sessions.filter((session) => session.registerId === registerId)}
          name={registerName(registers, registerId)}
          inUse={inUse.includes(registerId)}
          current={current}
          counts={counts}
          shownAt={shownAt}
        />
      ))}
      {!current && sessions.length === 0 ? (
        <p className="text-stone-600 dark:text-stone-400">{t('admin.cashOut.count.none')}</p>
      ) : null}
    </section>
  )
}

/** One drawer's sessions: its open one with its forms, then those closed, latest first. */
function Drawer({
  sessions,
  name,
  inUse,
  current,
  counts,
  shownAt,
}: {
  sessions: DrawerSession[]
  /** The register's; null for the restaurant's own drawer. */
  name: string | null
  /** False for a retired register's, or the restaurant's own once it names registers: counted, but given no fondo. */
  inUse: boolean
  current: boolean
  counts: boolean
  shownAt: number
}) {
  const { t } = useI18n()
  // A period that reaches now always has one: the open session, or the one a fondo or a count would open.
  const open = sessions.find((session) => session.closedAt === null)
  const closed = sessions.filter((session) => session.closedAt !== null).reverse()
  return (
    <>
      {current && open ? (
        <SessionCard session={open} name={name}>
          {counts ? <OpenForms session={open} shownAt={shownAt} fondo={inUse} /> : null}
        </SessionCard>
      ) : null}
      {closed.map((session) => (
        <SessionCard key={session.id} session={session} name={name}>
          {counts ? (
            <details className="rounded-xl border border-stone-200 p-3 dark:border-stone-700 print:hidden">
              <summary className="min-h-11 cursor-pointer content-center font-semibold">
                {t('admin.cashOut.count.recount')}
              </summary>
              <CountForm session={session} />
            </details>
          ) : null}
        </SessionCard>
      ))}
    </>
  )
}

/** One session's figures, under its register's name when it has one. */
function SessionCard({
  session,
  name,
  children,
}: {
  session: DrawerSession
  name: string | null
  children?: ReactNode
}) {
  const { t, money } = useI18n()
  const clock = useClock()
  const difference = session.differenceCents
  const [latest, ...earlier] = session.counts
  return (
    <article
      className="grid gap-4 rounded-3xl bg-white p-5 shadow-sm dark:bg-stone-900 print:p-0 print:shadow-none"
      data-testid="drawer-session"
      data-state={session.closedAt ? 'closed' : 'open'}
      data-register={name ?? undefined}
    >
      <div>
        <h3 className="font-bold">
          {name ? <span data-testid="drawer-register">{name} · </span> : null}
          {session.closedAt ? t('admin.cashOut.count.closed') : t('admin.cashOut.count.open')}
        </h3>
        <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="drawer-window">
          {!session.opened
            ? t('admin.cashOut.count.notOpened')
            : session.closedAt
              ? t('admin.cashOut.count.window', {
                  from: clock.dateTime(session.coversFrom),
                  to: clock.dateTime(session.closedAt),
                })
              : t('admin.cashOut.count.since', { from: clock.dateTime(session.coversFrom) })}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="rounded-2xl bg-emerald-800 p-4 text-white dark:bg-emerald-900 print:bg-white print:text-stone-900">
          <p className="text-sm font-semibold text-emerald-50 print:text-stone-900">
            {t('admin.cashOut.count.expected')}
          </p>
          <p className="text-2xl font-bold tabular-nums" data-testid="drawer-expected">
            {money(session.expectedCents)}
          </p>
        </div>
        <div
          className={`rounded-2xl p-4 ${difference === null ? 'bg-stone-100 dark:bg-stone-800' : difference === 0 ? 'bg-emerald-50 text-emerald-950 dark:bg-emerald-950/60 dark:text-emerald-100' : 'bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-200'}`}
        >
          <p className="text-sm font-semibold">{t('admin.cashOut.count.difference')}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid="drawer-difference">
            {difference === null ? '—' : `${difference > 0 ? '+' : ''}${money(difference)}`}
          </p>
          <p className="text-sm">
            {difference === null
              ? t('admin.cashOut.count.notCounted')
              : difference === 0
                ? t('admin.cashOut.count.exact')
                : difference < 0
                  ? t('admin.cashOut.count.short')
                  : t('admin.cashOut.count.over')}
          </p>
        </div>
      </div>
      <dl className="grid gap-1 text-sm">
        <Row label={t('admin.cashOut.count.float')} value={money(session.floatCents)} testId="drawer-float" />
        <Row label={t('admin.cashOut.count.cashIn')} value={money(session.cashInCents)} testId="drawer-cash-in" />
        <Row
          label={t('admin.cashOut.count.cashOut')}
          value={money(session.cashOutCents ? -session.cashOutCents : 0)}
          testId="drawer-cash-out"
        />
        {latest ? (
          <Row label={t('admin.cashOut.count.counted')} value={money(latest.countedCents)} testId="drawer-counted" />
        ) : null}
      </dl>
      {latest ? (
        <div className="grid gap-1 text-sm">
          <p className="text-stone-600 dark:text-stone-400" data-testid="drawer-counted-by">
            {t(earlier.length > 0 ? 'admin.cashOut.count.recountedBy' : 'admin.cashOut.count.countedBy', {
              name: latest.by,
              at: clock.dateTime(latest.at),
            })}
            {latest.note ? ` · “${latest.note}”` : ''}
          </p>
          {earlier.map((count) => (
            <p key={count.at} className="text-stone-600 dark:text-stone-400" data-testid="drawer-earlier-count">
              {t('admin.cashOut.count.earlier', {
                amount: money(count.countedCents),
                name: count.by,
                at: clock.dateTime(count.at),
              })}
              {count.note ? ` · “${count.note}”` : ''}
            </p>
          ))}
        </div>
      ) : null}
      {children}
    </article>
  )
}

/** The open session's fondo (of a drawer in use), and its count, which closes it. */
function OpenForms({ session, shownAt, fondo }: { session: DrawerSession; shownAt: number; fondo: boolean }) {
  const { t } = useI18n()
  const answer = useActionData<Answer>()
  const mine = answer?.initialValue?.intent === 'float' && sameDrawer(answer, session) ? answer : undefined
  const saving = useIsPending({ intent: 'float' })
  return (
    <div className="grid gap-4 border-t border-stone-200 pt-4 md:grid-cols-2 dark:border-stone-700 print:hidden">
      {fondo ? (
        <Form method="post" className="grid content-start gap-3" data-testid="drawer-float-form">
          <input type="hidden" name="intent" value={'float' satisfies DrawerIntent} />
          <RegisterField session={session} />
          <ErrorList errors={mine?.error?.['']} alert />
          <Field
            label={t('admin.cashOut.count.floatLabel')}
            hint={t('admin.cashOut.count.floatHint')}
            errors={mine?.error?.floatAmount}
            inputProps={{
              name: 'floatAmount',
              inputMode: 'decimal',
              defaultValue: decimalPesos(session.floatCents),
              required: true,
            }}
          />
          <StatusButton pending={saving} className={buttonClass.secondary}>
            {t('admin.cashOut.count.saveFloat')}
          </StatusButton>
        </Form>
      ) : null}
      <CountForm session={session} shownAt={shownAt} />
    </div>
  )
}

/**
 * A count of `session`: of the open one (or the one nobody opened yet) it
 * closes it and asks the fondo left for the next; of a closed one, a recount.
 */
function CountForm({ session, shownAt }: { session: DrawerSession; shownAt?: number }) {
  const { t, money } = useI18n()
  const hydrated = useHydrated()
  const answer = useActionData<Answer>()
  const closing = !session.closedAt
  const mine =
    answer?.initialValue?.intent === 'count' &&
    (answer.initialValue.session ?? '') === session.id &&
    sameDrawer(answer, session)
      ? answer
      : undefined
  const saving = useIsPending({ intent: 'count' })
  const [typed, setTyped] = useState<DenominationCounts>({})
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const field = event.target as HTMLInputElement
    const value = Number(field.name.slice(1))
    if (!field.name.startsWith('d') || !MXN_DENOMINATIONS.includes(value as never)) return
    const howMany = Number.parseInt(field.value, 10)
    setTyped((counts) => ({ ...counts, [value]: Number.isFinite(howMany) && howMany > 0 ? howMany : 0 }))
  }
  return (
    <Form
      method="post"
      className="grid content-start gap-3"
      data-testid={closing ? 'drawer-count-form' : 'drawer-recount-form'}
      onInput={onInput}
    >
      <input type="hidden" name="intent" value={'count' satisfies DrawerIntent} />
      <RegisterField session={session} />
      {session.opened ? (
        <input type="hidden" name="session" value={session.id} />
      ) : (
        <input type="hidden" name="seen" value={shownAt} />
      )}
      <ErrorList errors={mine?.error?.['']} alert />
      <Field
        label={t('admin.cashOut.count.countedLabel')}
        hint={closing ? t('admin.cashOut.count.closeHint') : undefined}
        errors={mine?.error?.countedAmount}
        inputProps={{ name: 'countedAmount', inputMode: 'decimal', placeholder: '0.00' }}
      />
      <details className="rounded-xl border border-stone-200 p-3 dark:border-stone-700">
        <summary className="min-h-11 cursor-pointer content-center font-semibold">
          {t('admin.cashOut.count.byDenomination')}
        </summary>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {MXN_DENOMINATIONS.map((value) => (
            <Field
              key={value}
              label={t('admin.cashOut.count.denomination', { value: money(value) })}
              errors={mine?.error?.[`d${value}`]}
              inputProps={{ name: `d${value}`, type: 'number', inputMode: 'numeric', min: 0, step: 1 }}
            />
          ))}
        </div>
        {hydrated ? (
          <p className="mt-2 font-semibold tabular-nums" aria-live="polite" data-testid="drawer-running-total">
            {t('admin.cashOut.count.runningTotal', { amount: money(countedCents(typed)) })}
          </p>
        ) : null}
      </details>
      {closing ? (
        <Field
          label={t('admin.cashOut.count.nextFloatLabel')}
          hint={t('admin.cashOut.count.nextFloatHint')}
          errors={mine?.error?.nextFloat}
          inputProps={{
            name: 'nextFloat',
            inputMode: 'decimal',
            defaultValue: decimalPesos(session.floatCents),
          }}
        />
      ) : null}
      <Field
        label={t('admin.cashOut.count.note')}
        errors={mine?.error?.note}
        inputProps={{ name: 'note', maxLength: 300 }}
      />
      <StatusButton pending={saving} className={closing ? buttonClass.primary : buttonClass.secondary}>
        {closing ? t('admin.cashOut.count.save') : t('admin.cashOut.count.recountSave')}
      </StatusButton>
    </Form>
  )
}

/** Which drawer a form is of: a register's, by its id; none for the restaurant's own. */
function RegisterField({ session }: { session: DrawerSession }) {
  return session.registerId ? <input type="hidden" name="register" value={session.registerId} /> : null
}

/** Whether an answer is to a form of the session's drawer (sessions nobody opened yet share no id). */
const sameDrawer = (answer: Answer, session: DrawerSession) =>
  (answer.initialValue?.register ?? '') === (session.registerId ?? '')

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}
