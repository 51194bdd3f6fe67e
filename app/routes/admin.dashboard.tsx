import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { Form, Link, NavLink, Outlet, useActionData, useLoaderData } from '@remix-run/react'
import { livePath } from '~/domain/live'
import { setupRestaurantSchema, STAFF_AREA_FORMS, type StaffAreaIntent } from '~/domain/schemas/auth'
import { saveRestaurant } from '~/server/auth/accounts.server'
import { requireStaff, requireStaffForm, type PageAccess } from '~/server/auth/guard.server'
import { getDb } from '~/server/db/client.server'
import { placesOf, switchRestaurant } from '~/server/team/places.server'
import { can, type Permission, type Role } from '~/domain/permissions'
import { redirectWithToast } from '~/server/http/toast.server'
import { RestaurantProfileFields } from '~/ui/admin/restaurant'
import { SignOutButton } from '~/ui/admin/sign-out'
import { AlertBell } from '~/ui/admin/alert-bell'
import { buttonClass } from '~/ui/button'
import { LanguageSwitch, ThemeToggle } from '~/ui/customer/shell'
import { ErrorList, StatusButton, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { staffTitle } from '~/ui/page-title'
import { useToast } from '~/ui/toaster'
import { useLiveSocket } from '~/ui/use-live'
import { useSchemaForm } from '~/ui/use-schema-form'

/*
 * The dashboard's frame: the restaurant, the tabs (each a child route with
 * its own data and forms) and the live feed of every table. A restaurant
 * without a profile yet gets the onboarding form instead of the tabs.
 */

/** A link in the tabs' row to a page of its own (the kitchen board, the cash-out): a tab's look, never current. */
const PAGE_LINK =
  'inline-flex min-h-11 shrink-0 items-center border-b-2 border-transparent px-4 font-semibold whitespace-nowrap text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-white'

/** The dashboard follows the restaurant live itself (the staff area's own socket stands down). */
export const handle = { live: true }

/** Each tab with what seeing it takes: a member sees the tabs their role opens. */
const TABS = [
  { name: 'tables', to: '/admin/dashboard', permission: 'tables.view' },
  { name: 'menus', to: '/admin/dashboard/menus', permission: 'menus.manage' },
  { name: 'analytics', to: '/admin/dashboard/analytics', permission: 'books.view' },
  { name: 'team', to: '/admin/dashboard/team', permission: 'team.view' },
  { name: 'settings', to: '/admin/dashboard/settings', permission: 'settings.manage' },
] as const satisfies readonly { name: string; to: string; permission: Permission }[]

/** The tab shown, named in the title; a restaurant still without a profile is at its onboarding. */
export const meta: MetaFunction<typeof loader> = (args) => {
  const tab = TABS.find(({ to }) => to === args.location.pathname.replace(/\/$/, '')) ?? TABS[0]
  return staffTitle(args, (t) =>
    args.data?.onboarding ? t('admin.setup.title') : t(`admin.dashboard.tabs.${tab.name}`),
  )
}

/**
 * The dashboard's frame is the floor's (its first tab is the tables; the
 * kitchen's home is its board); its forms are a new restaurant's first
 * profile and the restaurant switcher.
 */
export const access: PageAccess = { view: 'tables.view', intents: STAFF_AREA_FORMS.permissions }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { restaurant, person, role, device } = await requireStaff(context, request, 'page', access.view)
  const url = new URL(request.url)
  // The tabs were ?tab= once: links kept from then open the same tab.
  const tab = TABS.find(({ name }) => name === url.searchParams.get('tab'))
  if (tab) {
    url.searchParams.delete('tab')
    throw redirect(`${tab.to}${url.search}`)
  }
  const places = await placesOf(getDb(context.cloudflare.env.DB), person.id)
  return {
    restaurant,
    person,
    role,
    device,
    places,
    onboarding: !restaurant.restaurantName && can(role, 'settings.manage'),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const { restaurant, person, session } = await requireStaffForm(context, request, access, form)
  const submission = parseWithZod(form, { schema: STAFF_AREA_FORMS.schema })
  if (submission.status !== 'success') {
    if (form.get('intent') === 'switch') throw data(null, { status: 404 })
    return data(submission.reply({ formErrors: ['admin.setup.failedText'] }), { status: 400 })
  }
  const sent = submission.value
  if (sent.intent === 'switch') {
    if (!(await switchRestaurant(getDb(context.cloudflare.env.DB), session, person.id, sent.restaurantId)))
      throw data(null, { status: 404 })
    // Where the person's role in the restaurant they switched to starts.
    return redirectWithToast('/admin', { title: 'admin.team.switcher.switched' })
  }
  await saveRestaurant(context.cloudflare.env, { restaurant, person }, sent)
  return redirectWithToast('/admin/dashboard', { title: 'admin.setup.doneTitle' })
}

export default function Dashboard() {
  const { restaurant, person, role, device, places, onboarding } = useLoaderData<typeof loader>()
  const { t, money } = useI18n()
  const toast = useToast()

  // Every table's order, payment or close shows at once, with a toast naming the table.
  useLiveSocket(
    onboarding ? null : livePath.restaurant,
    (event, revalidate) => {
      revalidate()
      const number = event.tableNumber
      if (event.change === 'payment')
        toast({ title: t('admin.live.payment', { number, amount: money(event.amountCents ?? 0) }) })
      else if (event.change === 'items') toast({ title: t('admin.live.order', { number }) })
      else if (event.change === 'closed') toast({ title: t('admin.live.closed', { number }) })
    },
    { catchUp: true },
  )

  return (
    <div className="min-h-dvh">
      <header className="border-b border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900">
        {/* On the narrowest phones the controls go under the name rather than squeeze it to a letter a line. */}
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1 basis-30">
            {/* Whole, on two lines if it must: a waiter checks which restaurant they are working in. */}
            <p className="text-lg leading-tight font-bold break-words" data-testid="restaurant-name">
              {restaurant.restaurantName ?? person.email}
            </p>
            <p className="text-sm break-words text-stone-600 dark:text-stone-400" data-testid="signed-in-as">
              {person.name ?? person.email} · {t(`admin.team.roles.${role}`)}
            </p>
          </div>
          <AlertBell />
          <LanguageSwitch />
          {/* On a phone the restaurant's name needs the room; Configuración holds the theme's choice. */}
          <div className="hidden sm:block">
            <ThemeToggle />
          </div>
          <SignOutButton device={device} />
        </div>
        {/* Wrapping rather than scrolling: on a phone every tab is in sight. */}
        {onboarding ? null : (
          <nav
            aria-label={t('admin.dashboard.title')}
            className="mx-auto flex max-w-5xl flex-wrap gap-x-1 px-2 sm:px-4"
          >
            {TABS.filter(({ permission }) => can(role, permission)).map(({ name, to }) => (
              <NavLink
                key={name}
                to={to}
                end
                className={({ isActive }) =>
                  `inline-flex min-h-11 items-center border-b-2 px-4 font-semibold ${isActive ? 'border-emerald-700 text-emerald-800 dark:border-emerald-500 dark:text-emerald-400' : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-white'}`
                }
              >
                {t(`admin.dashboard.tabs.${name}`)}
              </NavLink>
            ))}
            {/* The kitchen's tablet shows its board alone, full screen: it leaves the dashboard's frame. */}
            {can(role, 'kitchen.view') ? (
              <Link to="/admin/kitchen" className={PAGE_LINK} data-testid="kitchen-link">
                {t('admin.kitchen.title')}
              </Link>
            ) : null}
            {/* A page of its own, printed at the end of a shift: it leaves the dashboard's frame. */}
            {can(role, 'books.view') ? (
              <Link to="/admin/cash-out" className={PAGE_LINK} data-testid="cash-out-link">
                {t('admin.dashboard.cashOut')}
              </Link>
            ) : null}
            {can(role, 'invoices.manage') ? (
              <Link to="/admin/invoices" className={PAGE_LINK} data-testid="invoices-link">
                {t('admin.invoices.title')}
              </Link>
            ) : null}
          </nav>
        )}
      </header>
      {onboarding ? null : <AccountBar current={restaurant.id} places={places} role={role} device={device} />}
      <main className="mx-auto max-w-5xl px-4 py-6">{onboarding ? <Onboarding /> : <Outlet />}</main>
    </div>
  )
}

function Onboarding() {
  const lastResult = useActionData<typeof action>()
  const { t } = useI18n()
  const pending = useIsPending()
  const [form, fields] = useSchemaForm(setupRestaurantSchema, { id: 'setup', lastResult })
  return (
    <section className="mx-auto max-w-lg rounded-3xl bg-white p-6 shadow-sm dark:bg-stone-900">
      <h1 className="text-2xl font-bold">{t('admin.setup.title')}</h1>
      <p className="mt-1 mb-5 text-stone-600 dark:text-stone-400">{t('admin.setup.lead')}</p>
      <Form method="post" className="grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={'setup' satisfies StaffAreaIntent} />
        <ErrorList id={form.errorId} errors={form.errors} alert />
        <RestaurantProfileFields fields={fields} />
        <StatusButton pending={pending} className={buttonClass.primary}>
          {t('admin.setup.submit')}
        </StatusButton>
        <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.setup.note')}</p>
      </Form>
    </section>
  )
}

/**
 * The person's own bar: which restaurant they work in, for one who belongs
 * to several (a plain form: it works without JavaScript), their PIN, the
 * shared device, and opening another restaurant, as their role allows.
 */
function AccountBar({
  current,
  places,
  role,
  device,
}: {
  current: string
  places: { id: string; restaurantName: string | null }[]
  role: Role
  device: boolean
}) {
  const { t } = useI18n()
  return (
    <div className="mx-auto flex max-w-5xl flex-wrap items-end gap-2 px-4 pt-4">
      {places.length > 1 && !device ? (
        <Form method="post" className="flex items-end gap-2" data-testid="restaurant-switcher">
          <input type="hidden" name="intent" value={'switch' satisfies StaffAreaIntent} />
          <label className="grid gap-1 text-sm font-semibold">
            {t('admin.team.switcher.label')}
            <select
              name="restaurantId"
              defaultValue={current}
              className="min-h-11 rounded-xl border border-stone-300 bg-white px-3 dark:border-stone-600 dark:bg-stone-900"
            >
              {places.map((place) => (
                <option key={place.id} value={place.id}>
                  {place.restaurantName ?? place.id}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass.secondary}>
            {t('admin.team.switcher.switch')}
          </button>
        </Form>
      ) : null}
      <div className="ml-auto flex flex-wrap gap-2">
        <Link to="/admin/pin" className={buttonClass.secondary}>
          {t('admin.team.pin.link')}
        </Link>
        {can(role, 'devices.manage') && !device ? (
          <Link to="/admin/devices" className={buttonClass.secondary}>
            {t('admin.team.devices.link')}
          </Link>
        ) : null}
        {can(role, 'restaurants.create') && !device ? (
          <Link to="/admin/restaurants/new" className={buttonClass.secondary}>
            {t('admin.team.switcher.create')}
          </Link>
        ) : null}
      </div>
    </div>
  )
}
