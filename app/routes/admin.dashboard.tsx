import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { formatTime } from '~/domain/format'
import { livePath } from '~/domain/live'
import { setupRestaurantSchema } from '~/domain/schemas/auth'
import { restaurantSettingsSchema } from '~/domain/schemas/settings'
import { createTableSchema, updateTableSchema } from '~/domain/schemas/tables'
import { readAnalytics } from '~/server/analytics.server'
import { saveRestaurant, saveSettings } from '~/server/auth/accounts.server'
import { requireStaffPage } from '~/server/auth/session.server'
import { getDb } from '~/server/db/client.server'
import { typedValues } from '~/server/http.server'
import { qrSvg, tableUrl } from '~/server/qr.server'
import { createTable, deleteTable, listTables, updateTable } from '~/server/tables.server'
import { redirectWithToast } from '~/server/toast.server'
import { AnalyticsTab } from '~/ui/admin/analytics-tab'
import { UrlDialog } from '~/ui/admin/dialog'
import { EmptyState } from '~/ui/admin/empty-state'
import { DownloadQrButton } from '~/ui/admin/qr-download'
import { RestaurantKindFields, tableLabel } from '~/ui/admin/restaurant'
import { SettingsTab } from '~/ui/admin/settings-tab'
import { buttonClass } from '~/ui/button'
import { LanguageSwitch } from '~/ui/customer/shell'
import { Field } from '~/ui/field'
import { useI18n } from '~/ui/i18n'
import { useToast } from '~/ui/toaster'
import { useLiveSocket } from '~/ui/use-live'

export const meta: MetaFunction = () => [{ title: 'Mesa · Staff Dashboard' }]

const TABS = ['tables', 'menus', 'analytics', 'settings'] as const
type Tab = (typeof TABS)[number]
const tabOf = (search: URLSearchParams): Tab => TABS.find((name) => name === search.get('tab')) ?? 'tables'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaffPage(context, request)
  const url = new URL(request.url)
  const db = getDb(context.cloudflare.env.DB)
  const nothing = { tables: [], qr: null, analytics: null }
  if (!user.restaurantName) return { user, onboarding: true as const, ...nothing }
  // Each tab reads only what it shows.
  const tab = tabOf(url.searchParams)
  if (tab === 'analytics') return { user, onboarding: false as const, ...nothing, analytics: await readAnalytics(db, user.id) }
  if (tab !== 'tables') return { user, onboarding: false as const, ...nothing }
  const tables = await listTables(db, user.id)
  const qrTable = tables.find((table) => table.id === url.searchParams.get('qr'))
  if (!qrTable) return { user, onboarding: false as const, ...nothing, tables }
  const link = tableUrl(url.origin, qrTable.sessionId)
  return { user, onboarding: false as const, ...nothing, tables, qr: { tableId: qrTable.id, url: link, svg: await qrSvg(link) } }
}

type ActionResult = { intent: string; errors: Record<string, string[] | null>; message: string | null; values?: Record<string, string> }

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffPage(context, request)
  const db = getDb(context.cloudflare.env.DB)
  const form = await request.formData()
  const intent = String(form.get('intent'))
  const fail = (errors: ActionResult['errors'], message: string | null = null, status = 400) => data<ActionResult>({ intent, errors, message }, { status })

  if (intent === 'setup') {
    const submission = parseWithZod(form, { schema: setupRestaurantSchema })
    if (submission.status !== 'success') return fail(submission.error ?? {}, 'admin.setup.failedText')
    await saveRestaurant(context.cloudflare.env, user.id, submission.value)
    return redirectWithToast('/admin/dashboard', { title: 'admin.setup.doneTitle' })
  }
  if (intent === 'settings') {
    const submission = parseWithZod(form, { schema: restaurantSettingsSchema })
    if (submission.status !== 'success') {
      return data<ActionResult>({ intent, errors: submission.error ?? {}, message: 'admin.settings.failed', values: typedValues(form) }, { status: 400 })
    }
    await saveSettings(context.cloudflare.env, user.id, submission.value)
    return redirectWithToast('/admin/dashboard?tab=settings', { title: 'admin.settings.saved' })
  }
  if (intent === 'create') {
    const submission = parseWithZod(form, { schema: createTableSchema })
    if (submission.status !== 'success') return fail(submission.error ?? {}, 'admin.tables.createFailed')
    const table = await createTable(db, user.id, submission.value)
    if (!table) return fail({ tableNumber: ['admin.errors.tableNumberTaken'] }, 'admin.tables.createFailed', 409)
    return redirectWithToast('/admin/dashboard', { title: 'admin.tables.created' })
  }
  const tableId = String(form.get('tableId') ?? '')
  if (intent === 'update') {
    const submission = parseWithZod(form, { schema: updateTableSchema })
    if (submission.status !== 'success') return fail(submission.error ?? {}, 'admin.tables.updateFailed')
    if (!(await updateTable(context.cloudflare.env, user.id, tableId, submission.value))) return fail({}, 'admin.tables.updateFailed', 404)
    return redirectWithToast('/admin/dashboard', { title: 'admin.tables.updated' })
  }
  if (intent === 'delete') {
    if (!(await deleteTable(context.cloudflare.env, user.id, tableId))) return fail({}, 'admin.tables.deleteFailed', 404)
    return redirectWithToast('/admin/dashboard', { title: 'admin.tables.deleted' })
  }
  return fail({}, 'admin.errors.formError')
}

export default function Dashboard() {
  const { user, onboarding, analytics } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { t, money } = useI18n()
  const [searchParams] = useSearchParams()
  const tab = tabOf(searchParams)
  const settingsResult = result?.intent === 'settings' ? result : null
  const toast = useToast()

  // Every table's order, payment or close shows at once, with a toast naming the table.
  useLiveSocket(onboarding ? null : livePath.restaurant, (event, revalidate) => {
    revalidate()
    const number = event.tableNumber
    if (event.change === 'payment') toast({ title: t('admin.live.payment', { number, amount: money(event.amountCents ?? 0) }) })
    else if (event.change === 'items') toast({ title: t('admin.live.order', { number }) })
    else if (event.change === 'closed') toast({ title: t('admin.live.closed', { number }) })
  })

  return (
    <div className="min-h-dvh">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="truncate text-lg font-bold" data-testid="restaurant-name">{user.restaurantName ?? user.email}</p>
            <p className="text-sm text-stone-600">{t('admin.dashboard.staffDashboard')}</p>
          </div>
          <LanguageSwitch />
          <a href="/api/logout" className={buttonClass.secondary}>
            {t('admin.dashboard.logout')}
          </a>
        </div>
        {onboarding ? null : (
          <nav aria-label={t('admin.dashboard.title')} className="mx-auto flex max-w-5xl gap-1 overflow-x-auto px-4">
            {TABS.map((name) => (
              <Link
                key={name}
                to={`?tab=${name}`}
                aria-current={tab === name ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center border-b-2 px-4 font-semibold ${tab === name ? 'border-emerald-700 text-emerald-800' : 'border-transparent text-stone-600 hover:text-stone-900'}`}
              >
                {t(`admin.dashboard.tabs.${name}`)}
              </Link>
            ))}
          </nav>
        )}
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6">
        {onboarding ? (
          <Onboarding />
        ) : tab === 'menus' ? (
          <MenusTab />
        ) : tab === 'analytics' && analytics ? (
          <AnalyticsTab analytics={analytics} />
        ) : tab === 'settings' ? (
          <SettingsTab user={user} errors={settingsResult?.errors ?? {}} message={settingsResult?.message ?? null} values={settingsResult?.values} />
        ) : (
          <TablesTab />
        )}
      </main>
    </div>
  )
}

function Onboarding() {
  const result = useActionData<typeof action>()
  const { t } = useI18n()
  const errors = result?.errors ?? {}
  return (
    <section className="mx-auto max-w-lg rounded-3xl bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold">{t('admin.setup.title')}</h1>
      <p className="mb-5 mt-1 text-stone-600">{t('admin.setup.lead')}</p>
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="setup" />
        <Field label={t('admin.signup.restaurantName')} name="restaurantName" error={errors.restaurantName} />
        <RestaurantKindFields errors={errors} />
        <Field label={t('admin.signup.restaurantAddress')} name="restaurantAddress" error={errors.restaurantAddress} />
        <Field label={t('admin.signup.restaurantPhone')} name="restaurantPhone" type="tel" error={errors.restaurantPhone} />
        <Field label={t('admin.signup.restaurantEmail')} name="restaurantEmail" type="email" error={errors.restaurantEmail} />
        <button type="submit" className={buttonClass.primary}>
          {t('admin.setup.submit')}
        </button>
        <p className="text-sm text-stone-600">{t('admin.setup.note')}</p>
      </Form>
    </section>
  )
}

function TablesTab() {
  const { tables, qr } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { t } = useI18n()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting'
  const dialog = searchParams.get('dialog')
  const editing = tables.find((table) => table.id === searchParams.get('edit'))
  const deleting = tables.find((table) => table.id === searchParams.get('delete'))
  const qrTable = tables.find((table) => table.id === qr?.tableId)
  const errors = result?.errors ?? {}

  return (
    <section aria-labelledby="tables-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="tables-title" className="text-2xl font-bold">
          {t('admin.tables.title')}
        </h1>
        <div className="flex gap-2">
          {tables.length > 0 ? (
            <a href="/admin/tables/print" className={buttonClass.secondary}>
              {t('admin.tables.printAll')}
            </a>
          ) : null}
          <Link to="?dialog=new" preventScrollReset className={buttonClass.primary} data-testid="new-table">
            {t('admin.tables.newTable')}
          </Link>
        </div>
      </div>

      {tables.length === 0 ? (
        <EmptyState text={t('admin.tables.empty')} action={t('admin.tables.createFirst')} to="?dialog=new" />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tables.map((table) => (
            <li key={table.id} className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm" data-testid="table-card">
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-bold">{tableLabel(t, table)}</h2>
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-900">{t('admin.tables.active')}</span>
              </div>
              <p className="break-all text-xs text-stone-600">{t('admin.tables.session', { id: table.sessionId })}</p>
              <p className="text-sm">{table.capacity ? t('admin.tables.capacity', { count: table.capacity }) : t('admin.tables.capacityNone')}</p>
              <TableState table={table} />
              <div className="flex flex-wrap gap-2">
                <Link to={`?qr=${table.id}`} preventScrollReset className={`${buttonClass.primary} flex-1`}>
                  {t('admin.tables.viewQr')}
                </Link>
                {/* Keyed on the query string so the menu is closed again once its dialog opens or closes. */}
                <details className="relative" key={searchParams.toString()}>
                  <summary className={`${buttonClass.secondary} list-none`}>{t('admin.tables.manage')}</summary>
                  <div className="absolute right-0 z-10 mt-1 grid w-48 rounded-xl border border-stone-200 bg-white p-1 shadow-lg">
                    <Link to={`/admin/tables/${table.id}`} className="rounded-lg px-3 py-2 hover:bg-stone-100">
                      {t('admin.tables.details')}
                    </Link>
                    <Link to={`?edit=${table.id}`} preventScrollReset className="rounded-lg px-3 py-2 hover:bg-stone-100">
                      {t('admin.tables.edit')}
                    </Link>
                    <Link to={`?delete=${table.id}`} preventScrollReset className="rounded-lg px-3 py-2 text-red-800 hover:bg-red-50">
                      {t('admin.tables.delete')}
                    </Link>
                  </div>
                </details>
              </div>
            </li>
          ))}
        </ul>
      )}

      <UrlDialog open={dialog === 'new'} closeTo="?" title={t('admin.tables.newTable')}>
        <Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="create" />
          {result?.intent === 'create' && result.message ? <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-900">{t(result.message)}</p> : null}
          <Field label={t('admin.tables.number')} name="tableNumber" placeholder={t('admin.tables.numberPlaceholder')} error={result?.intent === 'create' ? errors.tableNumber : null} />
          <Field label={t('admin.tables.name')} name="tableName" error={result?.intent === 'create' ? errors.tableName : null} />
          <Field label={t('admin.tables.capacityLabel')} name="capacity" type="number" min={1} inputMode="numeric" error={result?.intent === 'create' ? errors.capacity : null} />
          <div className="flex justify-end gap-2">
            <Link to="?" className={buttonClass.secondary}>{t('admin.tables.cancel')}</Link>
            <button type="submit" className={buttonClass.primary} disabled={pending}>{t('admin.tables.create')}</button>
          </div>
        </Form>
      </UrlDialog>

      <UrlDialog open={Boolean(editing)} closeTo="?" title={t('admin.tables.edit')}>
        {editing ? (
          <Form method="post" className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="tableId" value={editing.id} />
            {result?.intent === 'update' && result.message ? <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-900">{t(result.message)}</p> : null}
            <Field label={t('admin.tables.editName')} name="tableName" defaultValue={editing.tableName ?? ''} error={result?.intent === 'update' ? errors.tableName : null} />
            <Field label={t('admin.tables.capacityLabel')} name="capacity" type="number" min={1} defaultValue={editing.capacity ?? ''} error={result?.intent === 'update' ? errors.capacity : null} />
            <div className="flex justify-end gap-2">
              <Link to="?" className={buttonClass.secondary}>{t('admin.tables.cancel')}</Link>
              <button type="submit" className={buttonClass.primary} disabled={pending}>{t('admin.tables.save')}</button>
            </div>
          </Form>
        ) : null}
      </UrlDialog>

      <UrlDialog open={Boolean(deleting)} closeTo="?" title={deleting ? t('admin.tables.deleteTitle', { number: deleting.tableNumber }) : ''}>
        {deleting ? (
          <Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="tableId" value={deleting.id} />
            <p>{t('admin.tables.deleteText')}</p>
            <div className="flex justify-end gap-2">
              <Link to="?" className={buttonClass.secondary}>{t('admin.tables.cancel')}</Link>
              <button type="submit" className={buttonClass.danger} disabled={pending}>{t('admin.tables.deleteConfirm')}</button>
            </div>
          </Form>
        ) : null}
      </UrlDialog>

      <UrlDialog open={Boolean(qr && qrTable)} closeTo="?" title={qrTable ? t('admin.qr.title', { number: qrTable.tableNumber }) : ''}>
        {qr && qrTable ? (
          <div className="grid justify-items-center gap-3 text-center">
            {/* Server-rendered SVG from the qrcode library; nothing user-supplied is in it. */}
            <div className="rounded-xl border border-stone-200 p-2" data-testid="qr-code" dangerouslySetInnerHTML={{ __html: qr.svg }} />
            <p className="text-sm text-stone-600">{t('admin.qr.hint')}</p>
            <p className="break-all text-xs text-stone-600" data-testid="qr-url">{qr.url}</p>
            <div className="flex flex-wrap justify-center gap-2">
              <DownloadQrButton url={qr.url} fileName={`mesa-${qrTable.tableNumber}.png`} />
              <a href={`/admin/tables/${qrTable.id}/print`} target="_blank" rel="noreferrer" className={buttonClass.secondary}>
                {t('admin.qr.print')}
              </a>
              <Link to="?" className={buttonClass.secondary}>{t('admin.qr.close')}</Link>
            </div>
          </div>
        ) : null}
      </UrlDialog>
    </section>
  )
}

/** The table's open bill at a glance: what is left to pay, how much is paid, when it last changed. */
function TableState({ table }: { table: { totalCents: number; paidCents: number; lastActivityAt: number } }) {
  const { t, money, locale } = useI18n()
  if (table.totalCents === 0) return <p className="text-sm text-stone-600" data-testid="table-state">{t('admin.tables.free')}</p>
  const percent = Math.min(100, Math.round((table.paidCents / table.totalCents) * 100))
  return (
    <div className="grid gap-1" data-testid="table-state">
      <p className="font-semibold tabular-nums">{t('admin.tables.open', { amount: money(Math.max(0, table.totalCents - table.paidCents)) })}</p>
      <div className="h-2 overflow-hidden rounded-full bg-stone-200" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('admin.tables.paidPercent', { percent })}>
        <div className="h-full rounded-full bg-emerald-700" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-stone-600">
        {t('admin.tables.paidPercent', { percent })} · {t('admin.tables.lastActivity', { time: formatTime(table.lastActivityAt, locale) })}
      </p>
    </div>
  )
}

function MenusTab() {
  const { t } = useI18n()
  return (
    <section className="max-w-2xl rounded-3xl bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold">{t('admin.menus.title')}</h1>
      <p className="mb-5 mt-2 text-stone-700">{t('admin.menus.text')}</p>
      <div className="flex flex-wrap gap-2">
        <Link to="/admin/menu" className={buttonClass.primary}>
          {t('admin.menus.open')}
        </Link>
        <Link to="/admin/menu-management" className={buttonClass.secondary}>
          {t('admin.menus.manage')}
        </Link>
      </div>
    </section>
  )
}
