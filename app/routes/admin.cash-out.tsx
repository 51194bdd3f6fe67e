import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { BUSINESS_DAY_STARTS_AT, businessDay, businessDayOf } from '~/domain/cash-out-period'
import { can } from '~/domain/permissions'
import { DRAWER_FORMS } from '~/domain/schemas/drawer'
import { signatureOf } from '~/domain/signature'
import { requireStaffForm } from '~/server/auth/guard.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { recordCount, setFloat } from '~/server/books/drawer.server'
import { registersOf } from '~/server/books/registers.server'
import { drawersInUse } from '~/domain/registers'
import { restaurantTimeZone } from '~/domain/local-time'
import { redirectWithToast } from '~/server/http/toast.server'
import { DrawerSessions } from '~/ui/admin/drawer-sessions'
import { clockTime, formatDateTime, formatDay } from '~/domain/format'
import { loadCashOut } from '~/server/books/cash-out.server'
import type { PageAccess } from '~/server/auth/guard.server'
import { CashOutPeriodForm } from '~/ui/admin/cash-out-period-form'
import { CashOutReport } from '~/ui/admin/cash-out-report'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'
import { staffTitle } from '~/ui/page-title'
import { useHydrated } from '~/ui/use-hydrated'

export const meta: MetaFunction = (args) => staffTitle(args, (t) => t('admin.cashOut.title'))

/** The end-of-shift cash-out of a business day or a shift, from D1's ledger (docs/cash-out.md), with its drawer sessions, counted here. */
export const access: PageAccess = { view: 'books.view', intents: DRAWER_FORMS.permissions }

export async function loader(args: LoaderFunctionArgs) {
  const cashOut = await loadCashOut(args, access)
  const about = {
    restaurantName: cashOut.restaurant.restaurantName ?? cashOut.person.email,
    timeZone: cashOut.timeZone,
    today: businessDayOf(cashOut.now, cashOut.timeZone),
  }
  if (!cashOut.ok)
    return data({ ...about, ok: false as const, errors: cashOut.errors, query: cashOut.query }, { status: 400 })
  return {
    ...about,
    ok: true as const,
    period: cashOut.period,
    report: cashOut.report,
    drawers: cashOut.drawers,
    registers: cashOut.registers,
    shownAt: cashOut.now,
    current: cashOut.current,
    counts: can(cashOut.role, 'drawer.count'),
  }
}

/**
 * The drawer: the open session's fondo, or a session's count (a total or
 * note by note, and a note). The first count of a session closes it and
 * opens the next; a count of a closed one recounts it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const principal = await requireStaffForm(context, request, access, form)
  const timeZone = restaurantTimeZone(principal.restaurant.timeZone)
  const now = Date.now()
  // A restaurant's first session holds the cash since today's business day began.
  const firstFrom = businessDay(businessDayOf(now, timeZone), timeZone)!.fromMs
  const ledger = ledgerOf(context.cloudflare.env, principal.restaurant.id)
  const by = signatureOf(principal.person)
  const back = `/admin/cash-out${new URL(request.url).search}`
  const submission = parseWithZod(form, { schema: DRAWER_FORMS.schema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const sent = submission.value
  // A drawer out of use (a retired register's, or the restaurant's own once it names registers) opens no session, but
  // its open one is still counted; another restaurant's register is none of this one's.
  const named = await registersOf(context.cloudflare.env, principal.restaurant.id)
  const inUse = drawersInUse(named).includes(sent.registerId)
  const known = sent.registerId === null || named.some((register) => register.id === sent.registerId)
  if (!known || (sent.intent === 'float' && !inUse))
    return data(submission.reply({ formErrors: ['admin.cashOut.count.errors.session'] }), { status: 400 })
  if (sent.intent === 'float') {
    await setFloat(ledger, sent.registerId, sent.floatCents, by, firstFrom, now)
    return redirectWithToast(back, { title: 'admin.cashOut.count.floatSaved' })
  }
  const counted = await recordCount(ledger, sent, { ...sent, opensNext: inUse }, by, firstFrom, now)
  if (counted === 'unknown')
    return data(submission.reply({ formErrors: ['admin.cashOut.count.errors.session'] }), { status: 400 })
  return redirectWithToast(back, {
    title: counted === 'closed' ? 'admin.cashOut.count.saved' : 'admin.cashOut.count.recounted',
  })
}

export default function CashOutPage() {
  const loaded = useLoaderData<typeof loader>()
  const { t, locale } = useI18n()
  const hydrated = useHydrated()
  const { timeZone } = loaded
  const period = loaded.ok ? loaded.period : null

  return (
    <div className="min-h-dvh print:bg-white">
      <div className="print:hidden">
        <AdminTopBar backTo="/admin/dashboard" backLabel={t('admin.cashOut.back')} />
      </div>
      <main className="mx-auto grid max-w-5xl grid-cols-1 gap-6 px-4 py-6 print:max-w-none print:gap-3 print:p-0">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <p className="font-semibold text-stone-600 dark:text-stone-400">{loaded.restaurantName}</p>
            <h1 className="text-2xl font-bold">{t('admin.cashOut.title')}</h1>
            {period ? (
              <>
                <p className="text-lg font-semibold" data-testid="cash-out-period">
                  {period.kind === 'day'
                    ? t('admin.cashOut.day', { date: formatDay(period.day, locale) })
                    : t('admin.cashOut.shift')}
                </p>
                <p className="text-stone-700 dark:text-stone-300" data-testid="cash-out-range">
                  {t('admin.cashOut.range', {
                    from: formatDateTime(period.fromMs, locale, timeZone),
                    to: formatDateTime(period.toMs, locale, timeZone),
                  })}
                </p>
              </>
            ) : null}
            <p className="text-sm text-stone-600 dark:text-stone-400">
              {t('admin.cashOut.clock', { zone: timeZone })}{' '}
              {t('admin.cashOut.dayStarts', { time: clockTime(BUSINESS_DAY_STARTS_AT, '00', locale) })}
            </p>
          </div>
          {period ? (
            <div className="flex flex-wrap gap-2 print:hidden">
              {hydrated ? (
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={() => window.print()}
                  data-testid="cash-out-print"
                >
                  {t('admin.cashOut.print')}
                </button>
              ) : null}
              <a
                href={`/admin/cash-out.csv?${new URLSearchParams(period.kind === 'day' ? { day: period.day } : { from: period.from, to: period.to })}`}
                className={buttonClass.primary}
                data-testid="cash-out-csv"
              >
                {t('admin.cashOut.download')}
              </a>
            </div>
          ) : null}
        </div>

        {loaded.ok ? (
          <DrawerSessions
            sessions={loaded.drawers}
            registers={loaded.registers}
            current={loaded.current}
            counts={loaded.counts}
            shownAt={loaded.shownAt}
          />
        ) : null}

        <CashOutPeriodForm
          values={loaded.ok ? { day: loaded.period.day, from: loaded.period.from, to: loaded.period.to } : loaded.query}
          errors={loaded.ok ? {} : loaded.errors}
          day={period?.day ?? loaded.today}
          today={loaded.today}
          shift={loaded.ok ? loaded.period.kind === 'shift' : Boolean(loaded.errors.from ?? loaded.errors.to)}
        />

        {loaded.ok ? (
          <CashOutReport report={loaded.report} />
        ) : (
          <div
            role="alert"
            className="rounded-xl bg-red-50 p-4 text-red-900 dark:bg-red-950/60 dark:text-red-200"
            data-testid="cash-out-errors"
          >
            <p className="font-semibold">{t('admin.cashOut.errors.title')}</p>
            <ul className="mt-1 list-disc pl-5">
              {[...new Set(Object.values(loaded.errors).flat())].map((error) => (
                <li key={error}>{t.message(error)}</li>
              ))}
            </ul>
          </div>
        )}
      </main>
    </div>
  )
}
