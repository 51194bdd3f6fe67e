import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { INVOICE_PERIODICITIES, TAX_REGIME_CODES, TAX_REGIME_NAMES, isTaxRegime } from '~/domain/cfdi'
import { fiscalProfileSchema, type SettingsIntent } from '~/domain/schemas/settings'
import { Panel } from '~/ui/admin/panel'
import { buttonClass } from '~/ui/button'
import { CheckboxField, ErrorList, Field, FormActions, SelectField, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { useLastResult, useSchemaForm } from '~/ui/use-schema-form'

interface FiscalSummary {
  rfc: string | null
  legalName: string | null
  taxRegime: string | null
  postalCode: string | null
  invoicePeriodicity: (typeof INVOICE_PERIODICITIES)[number]
  /** What the owner is shown of their Facturapi key; null when facturas are issued by hand. */
  facturapi: string | null
}

/** "Datos fiscales": who the restaurant's facturas come from, and whether Facturapi issues them on their own. */
export function FiscalSection({ fiscal }: { fiscal: FiscalSummary }) {
  const { t } = useI18n()
  const regime = fiscal.taxRegime && isTaxRegime(fiscal.taxRegime) ? fiscal.taxRegime : null
  const rows = [
    ['rfc', fiscal.rfc],
    ['legalName', fiscal.legalName],
    ['taxRegime', regime && `${regime} · ${TAX_REGIME_NAMES[regime]}`],
    ['postalCode', fiscal.postalCode],
  ] as const
  return (
    <Panel title={t('admin.settings.fiscal.title')}>
      <p className="mb-3 text-stone-600 dark:text-stone-400">{t('admin.settings.fiscal.lead')}</p>
      <dl className="mb-4 grid gap-2" data-testid="fiscal-summary">
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt className="text-sm text-stone-600 dark:text-stone-400">{t(`admin.settings.fiscal.${key}`)}</dt>
            <dd className="font-semibold break-words">{value ?? t('admin.settings.fiscal.missing')}</dd>
          </div>
        ))}
        <div>
          <dt className="text-sm text-stone-600 dark:text-stone-400">{t('admin.settings.fiscal.issuing')}</dt>
          <dd className="font-semibold" data-testid="facturapi-state">
            {fiscal.facturapi
              ? t('admin.settings.fiscal.automatic', { key: fiscal.facturapi })
              : t('admin.settings.fiscal.manual')}
          </dd>
          <dd className="text-sm text-stone-600 dark:text-stone-400">
            {t('admin.settings.fiscal.globalEvery', {
              period: t(`admin.settings.fiscal.periodicities.${fiscal.invoicePeriodicity}`),
            })}
          </dd>
        </div>
      </dl>
      <Link to="?dialog=fiscal" preventScrollReset className={buttonClass.secondary} data-testid="edit-fiscal">
        {t('admin.settings.fiscal.edit')}
      </Link>
    </Panel>
  )
}

/**
 * The fiscal profile's form: the RFC checked as the SAT would (a check digit
 * that does not match is asked about), a régimen of that RFC's person type,
 * and the Facturapi key, typed once and never shown again.
 */
export function FiscalForm({ fiscal }: { fiscal: FiscalSummary }) {
  const { t } = useI18n()
  const lastResult = useLastResult('fiscal')
  const pending = useIsPending({ intent: 'fiscal' })
  const [form, fields] = useSchemaForm(fiscalProfileSchema, {
    id: 'fiscal',
    lastResult,
    defaultValue: {
      rfc: fiscal.rfc ?? '',
      legalName: fiscal.legalName ?? '',
      taxRegime: fiscal.taxRegime ?? '',
      postalCode: fiscal.postalCode ?? '',
      invoicePeriodicity: fiscal.invoicePeriodicity,
    },
  })
  const checkDigitAsked = fields.rfc.errors?.includes('receipt.factura.errors.rfcCheckDigit') ?? false
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={'fiscal' satisfies SettingsIntent} />
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <Field
        label={t('admin.settings.fiscal.rfc')}
        errors={fields.rfc.errors}
        inputProps={{
          ...getInputProps(fields.rfc, { type: 'text' }),
          autoCapitalize: 'characters',
          autoComplete: 'off',
        }}
      />
      {checkDigitAsked ? (
        <CheckboxField
          label={t('receipt.factura.confirmRfc')}
          inputProps={getInputProps(fields.confirmRfc, { type: 'checkbox' })}
        />
      ) : null}
      <Field
        label={t('admin.settings.fiscal.legalName')}
        hint={t('receipt.factura.legalNameHint')}
        errors={fields.legalName.errors}
        inputProps={getInputProps(fields.legalName, { type: 'text' })}
      />
      <SelectField
        label={t('admin.settings.fiscal.taxRegime')}
        errors={fields.taxRegime.errors}
        options={[
          { value: '', label: t('receipt.factura.chooseRegime') },
          ...TAX_REGIME_CODES.map((code) => ({ value: code, label: `${code} · ${TAX_REGIME_NAMES[code]}` })),
        ]}
        selectProps={getSelectProps(fields.taxRegime)}
      />
      <Field
        label={t('admin.settings.fiscal.postalCode')}
        errors={fields.postalCode.errors}
        inputProps={{ ...getInputProps(fields.postalCode, { type: 'text' }), inputMode: 'numeric', maxLength: 5 }}
      />
      <SelectField
        label={t('admin.settings.fiscal.periodicity')}
        errors={fields.invoicePeriodicity.errors}
        options={INVOICE_PERIODICITIES.map((value) => ({
          value,
          label: t(`admin.settings.fiscal.periodicities.${value}`),
        }))}
        selectProps={getSelectProps(fields.invoicePeriodicity)}
      />
      <fieldset className="grid gap-3 rounded-2xl border border-stone-200 p-4 dark:border-stone-700">
        <legend className="px-1 font-bold">{t('admin.settings.fiscal.facturapi')}</legend>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {fiscal.facturapi
            ? t('admin.settings.fiscal.keyKept', { key: fiscal.facturapi })
            : t('admin.settings.fiscal.keyNone')}
        </p>
        <Field
          label={t('admin.settings.fiscal.key')}
          hint={t('admin.settings.fiscal.keyHint')}
          errors={fields.facturapiKey.errors}
          inputProps={{
            ...getInputProps(fields.facturapiKey, { type: 'password' }),
            autoComplete: 'off',
            defaultValue: '',
          }}
        />
        {fiscal.facturapi ? (
          <CheckboxField
            label={t('admin.settings.fiscal.forgetKey')}
            inputProps={getInputProps(fields.forgetFacturapiKey, { type: 'checkbox' })}
          />
        ) : null}
      </fieldset>
      <FormActions cancelTo="/admin/dashboard/settings" cancelLabel={t('admin.settings.cancel')} pending={pending}>
        {t('admin.settings.save')}
      </FormActions>
    </Form>
  )
}
