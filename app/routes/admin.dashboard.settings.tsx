import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { IVA_RATES_BPS } from '~/domain/tax'
import { WALKOUT_MINUTES } from '~/domain/alerts'
import { BUSINESS_DAY_STARTS_AT } from '~/domain/cash-out-period'
import { clockTime } from '~/domain/format'
import { restaurantTimeZone } from '~/domain/local-time'
import { timeZoneChoices, timeZoneLabel } from '~/domain/time-zones'
import { restaurantSettingsSchema, SETTINGS_FORMS, type SettingsIntent } from '~/domain/schemas/settings'
import { fiscalProfileOf, saveFiscalProfile } from '~/server/invoices/fiscal-profile.server'
import { restaurantHub } from '~/server/live/live-sockets.server'
import { FiscalForm, FiscalSection } from '~/ui/admin/fiscal-profile'
import { saveSettings } from '~/server/auth/accounts.server'
import { logChange } from '~/server/auth/change-log.server'
import { requireStaff, requireStaffForm, type PageAccess } from '~/server/auth/guard.server'
import { getDb } from '~/server/db/client.server'
import { addRegister, registersOf, retireRegister } from '~/server/books/registers.server'
import { registersInUse } from '~/domain/registers'
import { RegistersSection } from '~/ui/admin/registers-section'
import { appEnv } from '~/server/env.server'
import { cardPayments, onboardingLink, saveUnconnectedPayments } from '~/server/payments/stripe-accounts.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { UrlDialog } from '~/ui/admin/dialog'
import { CardPaymentsSection } from '~/ui/admin/card-payments'
import { Panel } from '~/ui/admin/panel'
import { RestaurantProfileFields } from '~/ui/admin/restaurant'
import { useDashboardPrincipal } from '~/ui/admin/use-dashboard-principal'
import { buttonClass } from '~/ui/button'
import { CheckboxField, ErrorList, Field, FormActions, SelectField, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { ThemeSwitch } from '~/ui/theme-switch'
import { resultFor, useSchemaForm } from '~/ui/use-schema-form'

const SETTINGS = '/admin/dashboard/settings'

export const access: PageAccess = { view: 'settings.manage', intents: SETTINGS_FORMS.permissions }

/**
 * The restaurant's card payments, read from Stripe while its account cannot
 * charge yet. Stripe's onboarding comes back here (`?stripe=return`), or,
 * when its link has run out, asks here for a fresh one (`?stripe=refresh`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { restaurant, person } = await requireStaff(context, request, 'page', access.view)
  const env = context.cloudflare.env
  const url = new URL(request.url)
  const payments = await cardPayments(env, restaurant.id, url.hostname)
  // Only for an account being set up: a link followed from elsewhere never makes one.
  const settingUp =
    payments.provider === 'stripe' && (payments.account === 'needs_info' || payments.account === 'pending')
  if (url.searchParams.get('stripe') === 'refresh' && settingUp) {
    // Stripe out of reach: the page itself, whose button asks again.
    const link = await onboardingLink(env, { ...restaurant, email: person.email }, url.origin).catch((error: unknown) =>
      console.error('Could not renew the Stripe onboarding link', error),
    )
    if (link) throw redirect(link)
  }
  const [fiscal, named] = await Promise.all([fiscalProfileOf(env, restaurant.id), registersOf(env, restaurant.id)])
  if (!fiscal) throw data(null, { status: 404 })
  // Labelled here, so the page and its hydration read the same offsets whatever the browser's ICU.
  const now = Date.now()
  return { payments, fiscal, now, timeZones: timeZoneChoices(now), registers: registersInUse(named) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const principal = await requireStaffForm(context, request, access, form)
  const { restaurant, person } = principal
  const env = context.cloudflare.env
  const submission = parseWithZod(form, { schema: SETTINGS_FORMS.schema })
  if (submission.status !== 'success')
    return data(
      // The Facturapi key is never sent back, typed or not.
      form.get('intent') === 'fiscal'
        ? submission.reply({ hideFields: ['facturapiKey'] })
        : form.get('intent') === 'register'
          ? submission.reply()
          : submission.reply({
              formErrors: [form.get('intent') === 'settings' ? 'admin.settings.failed' : 'admin.errors.formError'],
            }),
      { status: 400 },
    )
  const sent = submission.value
  switch (sent.intent) {
    case 'connect': {
      if (appEnv(env).PAYMENT_PROVIDER !== 'stripe') return data(null, { status: 400 })
      let link: string
      try {
        link = await onboardingLink(env, { ...restaurant, email: person.email }, new URL(request.url).origin)
      } catch (error) {
        console.error('Could not start Stripe onboarding', error)
        return redirectWithToast(SETTINGS, { title: 'admin.settings.payments.connectFailed', variant: 'destructive' })
      }
      await logChange(getDb(env.DB), principal, 'payouts.connect', restaurant.id)
      return redirect(link)
    }
    case 'unconnected':
      await saveUnconnectedPayments(env, principal, sent.unconnectedPayments)
      return redirectWithToast(SETTINGS, { title: 'admin.settings.payments.choiceSaved' })
    case 'fiscal':
      await saveFiscalProfile(env, principal, sent)
      // The hub makes the restaurant's receipts and notas de crédito: it asks for its Facturapi again at once.
      await restaurantHub(env, principal.restaurant.id).facturapiChanged()
      return redirectWithToast(SETTINGS, { title: 'admin.settings.fiscal.saved' })
    case 'settings':
      await saveSettings(env, principal, sent)
      return redirectWithToast(SETTINGS, { title: 'admin.settings.saved' })
    case 'register':
      if (!(await addRegister(env, principal, sent.name)))
        return data(submission.reply({ fieldErrors: { name: ['admin.settings.registers.errors.taken'] } }), {
          status: 400,
        })
      return redirectWithToast(SETTINGS, { title: 'admin.settings.registers.added' })
    case 'retire-register':
      if (!(await retireRegister(env, principal, sent.register))) throw data(null, { status: 404 })
      return redirectWithToast(SETTINGS, { title: 'admin.settings.registers.retired' })
  }
}

/** Configuración: the restaurant and account, its card payments, and the dialog that edits the profile and the tax settings. */
export default function Settings() {
  const { payments, fiscal, now, registers } = useLoaderData<typeof loader>()
  const { restaurant, person } = useDashboardPrincipal()
  const { t, locale } = useI18n()
  const [searchParams] = useSearchParams()
  const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(restaurant.taxRateBps / 100)
  const kind = [
    restaurant.restaurantType && t.message(`admin.signup.types.${restaurant.restaurantType}`),
    restaurant.restaurantCuisine && t.message(`admin.signup.cuisines.${restaurant.restaurantCuisine}`),
  ]
    .filter(Boolean)
    .join(' · ')
  const rows = [
    ['restaurant', restaurant.restaurantName],
    ['email', person.email],
  ] as const

  return (
    <section aria-labelledby="settings-title" className="grid max-w-2xl gap-4">
      <h1 id="settings-title" className="text-2xl font-bold">
        {t('admin.settings.title')}
      </h1>
      <div className="grid gap-4 rounded-3xl bg-white p-6 shadow-sm dark:bg-stone-900">
        <dl className="grid gap-3" data-testid="settings-summary">
          {rows.map(([key, value]) => (
            <div key={key}>
              <dt className="text-sm text-stone-600 dark:text-stone-400">{t(`admin.settings.${key}`)}</dt>
              <dd className="text-lg font-semibold break-all">{value}</dd>
            </div>
          ))}
          <div>
            <dt className="text-sm text-stone-600 dark:text-stone-400">{t('admin.settings.profile')}</dt>
            <dd>{kind}</dd>
            <dd>{restaurant.restaurantAddress}</dd>
            <dd>{[restaurant.restaurantPhone, restaurant.restaurantEmail].filter(Boolean).join(' · ')}</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600 dark:text-stone-400">{t('admin.settings.tax')}</dt>
            <dd>
              {t(restaurant.taxIncludedInPrice ? 'admin.settings.included' : 'admin.settings.excluded', { rate })}
            </dd>
            <dd>{t(restaurant.showTaxSeparately ? 'admin.settings.separately' : 'admin.settings.notSeparately')}</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600 dark:text-stone-400">{t('admin.settings.clock')}</dt>
            <dd data-testid="time-zone">{timeZoneLabel(restaurantTimeZone(restaurant.timeZone), now)}</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600 dark:text-stone-400">{t('admin.settings.alerts')}</dt>
            <dd data-testid="walkout-minutes">
              {t('admin.settings.walkoutAfter', { minutes: restaurant.walkoutMinutes })}
            </dd>
          </div>
        </dl>
        <Link
          to="?dialog=settings"
          preventScrollReset
          className={`${buttonClass.primary} justify-self-start`}
          data-testid="edit-settings"
        >
          {t('admin.settings.edit')}
        </Link>
      </div>

      <Panel title={t('admin.settings.appearance.title')}>
        <p className="mb-3 text-stone-600 dark:text-stone-400">{t('admin.settings.appearance.lead')}</p>
        <div className="flex">
          <ThemeSwitch />
        </div>
      </Panel>

      <CardPaymentsSection payments={payments} />

      <FiscalSection fiscal={fiscal} />

      <RegistersSection registers={registers} />

      <UrlDialog
        open={searchParams.get('dialog') === 'fiscal'}
        closeTo="/admin/dashboard/settings"
        title={t('admin.settings.fiscal.edit')}
      >
        <FiscalForm fiscal={fiscal} />
      </UrlDialog>

      <UrlDialog
        open={searchParams.get('dialog') === 'settings'}
        closeTo="/admin/dashboard/settings"
        title={t('admin.settings.edit')}
      >
        <SettingsForm />
      </UrlDialog>
    </section>
  )
}

function SettingsForm() {
  const { restaurant } = useDashboardPrincipal()
  const { timeZones } = useLoaderData<typeof loader>()
  const { t, locale } = useI18n()
  const pending = useIsPending({ intent: 'settings' })
  // Until a save is refused the form shows what is stored; after, what was typed.
  const [form, fields] = useSchemaForm(restaurantSettingsSchema, {
    id: 'settings',
    lastResult: resultFor(useActionData<typeof action>(), 'settings'),
    defaultValue: {
      restaurantName: restaurant.restaurantName ?? '',
      restaurantType: restaurant.restaurantType ?? '',
      restaurantCuisine: restaurant.restaurantCuisine ?? '',
      restaurantAddress: restaurant.restaurantAddress ?? '',
      restaurantPhone: restaurant.restaurantPhone ?? '',
      restaurantEmail: restaurant.restaurantEmail ?? '',
      taxRatePercent: String(restaurant.taxRateBps / 100),
      borderIncentive: restaurant.borderIncentive ? 'on' : undefined,
      taxIncludedInPrice: restaurant.taxIncludedInPrice ? 'on' : undefined,
      showTaxSeparately: restaurant.showTaxSeparately ? 'on' : undefined,
      walkoutMinutes: String(restaurant.walkoutMinutes),
      timeZone: restaurantTimeZone(restaurant.timeZone),
      googleReviewUrl: restaurant.googleReviewUrl ?? '',
    },
  })
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={'settings' satisfies SettingsIntent} />
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <RestaurantProfileFields fields={fields} />
      <fieldset className="grid gap-3 rounded-2xl border border-stone-200 p-4 dark:border-stone-700">
        <legend className="px-1 font-bold">{t('admin.settings.tax')}</legend>
        <fieldset className="grid gap-1" aria-describedby={fields.taxRatePercent.errorId}>
          <legend className="font-semibold">{t('admin.settings.taxRate')}</legend>
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.settings.taxRateHint')}</p>
          <div className="flex flex-wrap gap-x-5">
            {IVA_RATES_BPS.map((bps) => {
              const value = String(bps / 100) as '16' | '8' | '0'
              const { key: _key, ...input } = getInputProps(fields.taxRatePercent, { type: 'radio', value })
              return (
                <label key={value} className="flex min-h-11 items-center gap-2">
                  <input {...input} className="size-5 shrink-0 accent-emerald-700" />
                  <span>{t(`admin.settings.taxRates.${value}`)}</span>
                </label>
              )
            })}
          </div>
          <ErrorList id={fields.taxRatePercent.errorId} errors={fields.taxRatePercent.errors} />
        </fieldset>
        <CheckboxField
          label={t('admin.settings.borderIncentive')}
          errors={fields.borderIncentive.errors}
          inputProps={getInputProps(fields.borderIncentive, { type: 'checkbox' })}
        />
        <CheckboxField
          label={t('admin.settings.taxIncluded')}
          errors={fields.taxIncludedInPrice.errors}
          inputProps={getInputProps(fields.taxIncludedInPrice, { type: 'checkbox' })}
        />
        <CheckboxField
          label={t('admin.settings.showTaxSeparately')}
          errors={fields.showTaxSeparately.errors}
          inputProps={getInputProps(fields.showTaxSeparately, { type: 'checkbox' })}
        />
      </fieldset>
      <fieldset className="grid gap-3 rounded-2xl border border-stone-200 p-4 dark:border-stone-700">
        <legend className="px-1 font-bold">{t('admin.settings.clock')}</legend>
        <SelectField
          label={t('admin.settings.timeZone')}
          hint={t('admin.settings.timeZoneHint', { dayStarts: clockTime(BUSINESS_DAY_STARTS_AT, '00', locale) })}
          errors={fields.timeZone.errors}
          options={[
            { label: t('admin.settings.timeZoneMexico'), options: timeZones.mexico },
            { label: t('admin.settings.timeZoneOthers'), options: timeZones.others },
          ]}
          selectProps={getSelectProps(fields.timeZone)}
        />
      </fieldset>
      <fieldset className="grid gap-3 rounded-2xl border border-stone-200 p-4 dark:border-stone-700">
        <legend className="px-1 font-bold">{t('admin.settings.alerts')}</legend>
        <Field
          label={t('admin.settings.walkoutMinutes')}
          hint={t('admin.settings.walkoutMinutesHint')}
          errors={fields.walkoutMinutes.errors}
          inputProps={{
            ...getInputProps(fields.walkoutMinutes, { type: 'number' }),
            min: WALKOUT_MINUTES.min,
            max: WALKOUT_MINUTES.max,
          }}
        />
      </fieldset>
      <fieldset className="grid gap-3 rounded-2xl border border-stone-200 p-4 dark:border-stone-700">
        <legend className="px-1 font-bold">{t('admin.settings.reviews')}</legend>
        <Field
          label={t('admin.settings.googleReviewUrl')}
          hint={t('admin.settings.googleReviewUrlHint')}
          errors={fields.googleReviewUrl.errors}
          inputProps={{ ...getInputProps(fields.googleReviewUrl, { type: 'url' }), placeholder: 'https://g.page/r/…' }}
        />
      </fieldset>
      <FormActions cancelTo="/admin/dashboard/settings" cancelLabel={t('admin.settings.cancel')} pending={pending}>
        {t('admin.settings.save')}
      </FormActions>
    </Form>
  )
}
