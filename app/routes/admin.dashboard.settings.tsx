import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react'
import { restaurantSettingsSchema } from '~/domain/schemas/settings'
import { saveSettings } from '~/server/auth/accounts.server'
import { requireStaffPage } from '~/server/auth/session.server'
import { redirectWithToast } from '~/server/toast.server'
import { UrlDialog } from '~/ui/admin/dialog'
import { RestaurantKindFields } from '~/ui/admin/restaurant'
import { useDashboardUser } from '~/ui/admin/use-dashboard-user'
import { buttonClass } from '~/ui/button'
import { CheckboxField, ErrorList, Field, StatusButton, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { useSchemaForm } from '~/ui/use-schema-form'

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffPage(context, request)
  const submission = parseWithZod(await request.formData(), { schema: restaurantSettingsSchema })
  if (submission.status !== 'success') return data(submission.reply({ formErrors: ['admin.settings.failed'] }), { status: 400 })
  await saveSettings(context.cloudflare.env, user.id, submission.value)
  return redirectWithToast('/admin/dashboard/settings', { title: 'admin.settings.saved' })
}

/** Configuración: the restaurant and account, and the dialog that edits the profile and the tax settings. */
export default function Settings() {
  const user = useDashboardUser()
  const { t, locale } = useI18n()
  const [searchParams] = useSearchParams()
  const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(user.taxRateBps / 100)
  const kind = [user.restaurantType && t.message(`admin.signup.types.${user.restaurantType}`), user.restaurantCuisine && t.message(`admin.signup.cuisines.${user.restaurantCuisine}`)].filter(Boolean).join(' · ')
  const rows = [
    ['restaurant', user.restaurantName],
    ['email', user.email],
  ] as const

  return (
    <section aria-labelledby="settings-title" className="grid max-w-2xl gap-4">
      <h1 id="settings-title" className="text-2xl font-bold">
        {t('admin.settings.title')}
      </h1>
      <div className="grid gap-4 rounded-3xl bg-white p-6 shadow-sm">
        <dl className="grid gap-3" data-testid="settings-summary">
          {rows.map(([key, value]) => (
            <div key={key}>
              <dt className="text-sm text-stone-600">{t(`admin.settings.${key}`)}</dt>
              <dd className="break-all text-lg font-semibold">{value}</dd>
            </div>
          ))}
          <div>
            <dt className="text-sm text-stone-600">{t('admin.settings.profile')}</dt>
            <dd>{kind}</dd>
            <dd>{user.restaurantAddress}</dd>
            <dd>{[user.restaurantPhone, user.restaurantEmail].filter(Boolean).join(' · ')}</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600">{t('admin.settings.tax')}</dt>
            <dd>{t(user.taxIncludedInPrice ? 'admin.settings.included' : 'admin.settings.excluded', { rate })}</dd>
            <dd>{t(user.showTaxSeparately ? 'admin.settings.separately' : 'admin.settings.notSeparately')}</dd>
          </div>
        </dl>
        <Link to="?dialog=settings" preventScrollReset className={`${buttonClass.primary} justify-self-start`} data-testid="edit-settings">
          {t('admin.settings.edit')}
        </Link>
      </div>

      <UrlDialog open={searchParams.get('dialog') === 'settings'} closeTo="/admin/dashboard/settings" title={t('admin.settings.edit')}>
        <SettingsForm />
      </UrlDialog>
    </section>
  )
}

function SettingsForm() {
  const user = useDashboardUser()
  const { t } = useI18n()
  const pending = useIsPending()
  // Until a save is refused the form shows what is stored; after, what was typed.
  const [form, fields] = useSchemaForm(restaurantSettingsSchema, {
    id: 'settings',
    lastResult: useActionData<typeof action>(),
    defaultValue: {
      restaurantName: user.restaurantName ?? '',
      restaurantType: user.restaurantType ?? '',
      restaurantCuisine: user.restaurantCuisine ?? '',
      restaurantAddress: user.restaurantAddress ?? '',
      restaurantPhone: user.restaurantPhone ?? '',
      restaurantEmail: user.restaurantEmail ?? '',
      taxRatePercent: String(user.taxRateBps / 100),
      taxIncludedInPrice: user.taxIncludedInPrice ? 'on' : undefined,
      showTaxSeparately: user.showTaxSeparately ? 'on' : undefined,
    },
  })
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <Field label={t('admin.signup.restaurantName')} errors={fields.restaurantName.errors} inputProps={getInputProps(fields.restaurantName, { type: 'text' })} />
      <RestaurantKindFields type={fields.restaurantType} cuisine={fields.restaurantCuisine} />
      <Field label={t('admin.signup.restaurantAddress')} errors={fields.restaurantAddress.errors} inputProps={getInputProps(fields.restaurantAddress, { type: 'text' })} />
      <Field label={t('admin.signup.restaurantPhone')} errors={fields.restaurantPhone.errors} inputProps={getInputProps(fields.restaurantPhone, { type: 'tel' })} />
      <Field label={t('admin.signup.restaurantEmail')} errors={fields.restaurantEmail.errors} inputProps={getInputProps(fields.restaurantEmail, { type: 'email' })} />
      <fieldset className="grid gap-3 rounded-2xl border border-stone-200 p-4">
        <legend className="px-1 font-bold">{t('admin.settings.tax')}</legend>
        <Field
          label={t('admin.settings.taxRate')}
          hint={t('admin.settings.taxRateHint')}
          errors={fields.taxRatePercent.errors}
          inputProps={{ ...getInputProps(fields.taxRatePercent, { type: 'text' }), inputMode: 'decimal' }}
        />
        <CheckboxField label={t('admin.settings.taxIncluded')} errors={fields.taxIncludedInPrice.errors} inputProps={getInputProps(fields.taxIncludedInPrice, { type: 'checkbox' })} />
        <CheckboxField label={t('admin.settings.showTaxSeparately')} errors={fields.showTaxSeparately.errors} inputProps={getInputProps(fields.showTaxSeparately, { type: 'checkbox' })} />
      </fieldset>
      <div className="flex justify-end gap-2">
        <Link to="/admin/dashboard/settings" className={buttonClass.secondary}>
          {t('admin.settings.cancel')}
        </Link>
        <StatusButton pending={pending} className={buttonClass.primary}>
          {t('admin.settings.save')}
        </StatusButton>
      </div>
    </Form>
  )
}
