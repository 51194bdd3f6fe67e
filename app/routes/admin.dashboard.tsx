import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { Form, Outlet, useActionData, useLoaderData } from '@remix-run/react'
import { livePath } from '~/domain/live'
import { setupRestaurantSchema, STAFF_AREA_FORMS, type StaffAreaIntent } from '~/domain/schemas/auth'
import { saveRestaurant } from '~/server/auth/accounts.server'
import { requireStaff, requireStaffForm, type PageAccess } from '~/server/auth/guard.server'
import { getDb } from '~/server/db/client.server'
import { placesOf, switchRestaurant } from '~/server/team/places.server'
import { can } from '~/domain/permissions'
import { redirectWithToast } from '~/server/http/toast.server'
import { RestaurantProfileFields } from '~/ui/admin/restaurant'
import { AccountMenu } from '~/ui/admin/account-menu'
import { DASHBOARD_PLACES, DashboardTabs } from '~/ui/admin/dashboard-tabs'
import { AlertBell } from '~/ui/admin/alert-bell'
import { buttonClass } from '~/ui/button'
import { LanguageSwitch } from '~/ui/customer/shell'
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

/** The dashboard follows the restaurant live itself (the staff area's own socket stands down). */
export const handle = { live: true }

/** The dashboard's own tabs (child routes), as the address and the title name them. */
const TABS = DASHBOARD_PLACES.filter((place) => place.tab)

/** The tab shown, named in the title; a restaurant still without a profile is at its onboarding. */
export const meta: MetaFunction<typeof loader> = (args) => {
  const tab = TABS.find(({ to }) => to === args.location.pathname.replace(/\/$/, ''))
  return staffTitle(args, (t) =>
    args.data?.onboarding ? t('admin.setup.title') : t(`admin.dashboard.tabs.${tab?.name ?? 'tables'}`),
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
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
          <AccountMenu
            restaurantName={restaurant.restaurantName ?? person.email}
            person={person.name ?? person.email}
            role={role}
            current={restaurant.id}
            places={places}
            device={device}
          />
          <AlertBell />
          <LanguageSwitch />
        </div>
        {onboarding ? null : <DashboardTabs role={role} />}
      </header>
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
