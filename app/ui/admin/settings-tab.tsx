import { Form, Link, useNavigation, useSearchParams } from '@remix-run/react'
import type { StaffUser } from '~/server/auth/session.server'
import { buttonClass } from '../button'
import { CheckboxField, Field } from '../field'
import { useI18n } from '../i18n'
import { UrlDialog } from './dialog'
import { RestaurantKindFields } from './restaurant'

type Errors = Record<string, string[] | null>

/** Configuración: the restaurant and account, and the dialog that edits the profile and the tax settings. */
export function SettingsTab({ user, errors, message, values }: { user: StaffUser; errors: Errors; message: string | null; values?: Record<string, string> }) {
  const { t, locale } = useI18n()
  const [searchParams] = useSearchParams()
  const pending = useNavigation().state === 'submitting'
  const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(user.taxRateBps / 100)
  const kind = [user.restaurantType && t(`admin.signup.types.${user.restaurantType}`), user.restaurantCuisine && t(`admin.signup.cuisines.${user.restaurantCuisine}`)].filter(Boolean).join(' · ')
  // After a refused save the form shows what was typed, not what is stored.
  const typed = (name: string, stored: string | null) => values?.[name] ?? stored ?? ''
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
        <Link to="?tab=settings&dialog=settings" preventScrollReset className={`${buttonClass.primary} justify-self-start`} data-testid="edit-settings">
          {t('admin.settings.edit')}
        </Link>
      </div>

      <UrlDialog open={searchParams.get('dialog') === 'settings'} closeTo="?tab=settings" title={t('admin.settings.edit')}>
        <Form method="post" action="?tab=settings&dialog=settings" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="settings" />
          {message ? (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-900">
              {t(message)}
            </p>
          ) : null}
          <Field label={t('admin.signup.restaurantName')} name="restaurantName" defaultValue={typed('restaurantName', user.restaurantName)} error={errors.restaurantName} />
          <RestaurantKindFields values={{ restaurantType: typed('restaurantType', user.restaurantType), restaurantCuisine: typed('restaurantCuisine', user.restaurantCuisine) }} errors={errors} />
          <Field label={t('admin.signup.restaurantAddress')} name="restaurantAddress" defaultValue={typed('restaurantAddress', user.restaurantAddress)} error={errors.restaurantAddress} />
          <Field label={t('admin.signup.restaurantPhone')} name="restaurantPhone" type="tel" defaultValue={typed('restaurantPhone', user.restaurantPhone)} error={errors.restaurantPhone} />
          <Field label={t('admin.signup.restaurantEmail')} name="restaurantEmail" type="email" defaultValue={typed('restaurantEmail', user.restaurantEmail)} error={errors.restaurantEmail} />
          <fieldset className="grid gap-3 rounded-2xl border border-stone-200 p-4">
            <legend className="px-1 font-bold">{t('admin.settings.tax')}</legend>
            <Field label={t('admin.settings.taxRate')} name="taxRatePercent" inputMode="decimal" defaultValue={typed('taxRatePercent', String(user.taxRateBps / 100))} hint={t('admin.settings.taxRateHint')} error={errors.taxRatePercent} />
            <CheckboxField name="taxIncludedInPrice" label={t('admin.settings.taxIncluded')} defaultChecked={values ? values.taxIncludedInPrice === 'on' : user.taxIncludedInPrice} />
            <CheckboxField name="showTaxSeparately" label={t('admin.settings.showTaxSeparately')} defaultChecked={values ? values.showTaxSeparately === 'on' : user.showTaxSeparately} />
          </fieldset>
          <div className="flex justify-end gap-2">
            <Link to="?tab=settings" className={buttonClass.secondary}>
              {t('admin.settings.cancel')}
            </Link>
            <button type="submit" className={buttonClass.primary} disabled={pending}>
              {t('admin.settings.save')}
            </button>
          </div>
        </Form>
      </UrlDialog>
    </section>
  )
}
