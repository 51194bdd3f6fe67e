import { Form } from '@remix-run/react'
import { useState } from 'react'
import {
  CFDI_USE_CODES,
  CFDI_USE_NAMES,
  TAX_REGIME_CODES,
  TAX_REGIME_NAMES,
  isTaxRegime,
  regimesFor,
  usesFor,
} from '~/domain/cfdi'
import type { InvoiceRequestStatus } from '~/domain/invoices'
import { checkRfc } from '~/domain/rfc'
import { buttonClass } from '~/ui/button'
import { CheckboxField, ErrorList, Field, SelectField } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { useHydrated } from '~/ui/use-hydrated'

/** The page's last answer to a form (conform's reply): what was typed and what was wrong, by field. */
interface Answer {
  initialValue?: Record<string, unknown> | null
  error?: Record<string, string[] | null> | null
}

interface Factura {
  status: InvoiceRequestStatus
  email: string
  rejectReason: string | null
  files: { pdf: string; xml: string } | null
}

const typed = (answer: Answer | undefined, name: string) => {
  const value = answer?.initialValue?.[name]
  return typeof value === 'string' ? value : ''
}

/**
 * "Solicitar factura" on a receipt: where the diner's request stands, or the
 * form. Without JavaScript every régimen and uso is offered and the server
 * says which fit; with it, only the régimenes of the RFC typed and the usos
 * of the régimen chosen are (G03 first where allowed).
 */
export function FacturaSection({
  factura,
  closed,
  lastResult,
}: {
  factura: Factura | null
  /** Why the diner can no longer ask for this payment's factura (see facturaClosed), or null while they can. */
  closed: string | null
  lastResult: Answer | undefined
}) {
  const { t } = useI18n()
  const answer = lastResult?.initialValue?.intent === 'factura' ? lastResult : undefined
  if (closed && factura?.status !== 'issued')
    return (
      <section className="grid gap-2 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900" data-testid="factura-status">
        <h2 className="font-bold">{t('receipt.factura.title')}</h2>
        <p>{t('receipt.factura.closed', { reason: closed })}</p>
      </section>
    )
  if (factura && factura.status !== 'rejected')
    return (
      <section className="grid gap-2 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900" data-testid="factura-status">
        <h2 className="font-bold">{t('receipt.factura.title')}</h2>
        <p>
          {t(factura.status === 'issued' ? 'receipt.factura.issued' : 'receipt.factura.pending', {
            email: factura.email,
          })}
        </p>
        {factura.files ? (
          <div className="flex flex-wrap gap-3">
            <a href={factura.files.pdf} download className={buttonClass.secondary} data-testid="factura-pdf">
              {t('receipt.factura.downloadPdf')}
            </a>
            <a href={factura.files.xml} download className={buttonClass.secondary} data-testid="factura-xml">
              {t('receipt.factura.downloadXml')}
            </a>
          </div>
        ) : null}
      </section>
    )
  return (
    <details
      className="rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900"
      open={Boolean(answer) || factura?.status === 'rejected' || undefined}
      data-testid="factura"
    >
      <summary className="min-h-11 cursor-pointer content-center font-bold">{t('receipt.factura.title')}</summary>
      {factura?.status === 'rejected' ? (
        <p
          role="status"
          className="mt-2 rounded-xl bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100"
        >
          {t('receipt.factura.rejected', { reason: factura.rejectReason ?? '' })}
        </p>
      ) : null}
      <FacturaForm answer={answer} lead={t('receipt.factura.lead')} submit={t('receipt.factura.submit')} />
    </details>
  )
}

/**
 * Who a factura is for: the diner's request, or staff correcting an issued
 * one (`intent` and `hidden` say which; `initial` fills it with what was
 * asked before).
 */
export function FacturaForm({
  answer,
  lead,
  submit,
  intent = 'factura',
  hidden = {},
  initial = {},
  forStaff = false,
}: {
  answer: Answer | undefined
  lead: string
  submit: string
  intent?: string
  hidden?: Record<string, string>
  initial?: Partial<Record<'rfc' | 'legalName' | 'taxRegime' | 'postalCode' | 'cfdiUse' | 'email', string>>
  /** Staff fill it for the diner: the fields speak of the receiver, not of "you". */
  forStaff?: boolean
}) {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const shown = (name: keyof typeof initial) => typed(answer, name) || initial[name] || ''
  const [rfc, setRfc] = useState(shown('rfc'))
  const [regime, setRegime] = useState(shown('taxRegime'))
  const person = checkRfc(rfc)
  const regimes = hydrated && person.ok ? regimesFor(person.person) : TAX_REGIME_CODES
  const uses = hydrated && isTaxRegime(regime) ? usesFor(regime) : CFDI_USE_CODES
  const errors = (name: string) => answer?.error?.[name] ?? undefined
  const checkDigitAsked = errors('rfc')?.includes('receipt.factura.errors.rfcCheckDigit') ?? false
  return (
    <Form method="post" replace className="mt-3 grid gap-4">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="text-sm text-stone-600 dark:text-stone-400">{lead}</p>
      <ErrorList errors={errors('')} alert testId="factura-error" />
      <Field
        label={t('receipt.factura.rfc')}
        errors={errors('rfc')}
        inputProps={{
          name: 'rfc',
          defaultValue: shown('rfc'),
          onChange: (event) => setRfc(event.currentTarget.value),
          autoCapitalize: 'characters',
          autoComplete: 'off',
          spellCheck: false,
          maxLength: 20,
          required: true,
        }}
      />
      {checkDigitAsked ? (
        <CheckboxField label={t('receipt.factura.confirmRfc')} inputProps={{ name: 'confirmRfc', type: 'checkbox' }} />
      ) : null}
      <Field
        label={t('receipt.factura.legalName')}
        hint={t('receipt.factura.legalNameHint')}
        errors={errors('legalName')}
        inputProps={{ name: 'legalName', defaultValue: shown('legalName'), maxLength: 300, required: true }}
      />
      <SelectField
        label={t('receipt.factura.taxRegime')}
        errors={errors('taxRegime')}
        options={[
          { value: '', label: t('receipt.factura.chooseRegime') },
          ...regimes.map((code) => ({ value: code, label: `${code} · ${TAX_REGIME_NAMES[code]}` })),
        ]}
        selectProps={{
          name: 'taxRegime',
          defaultValue: shown('taxRegime'),
          onChange: (event) => setRegime(event.currentTarget.value),
          required: true,
        }}
      />
      <Field
        label={t(forStaff ? 'admin.invoices.substitute.postalCode' : 'receipt.factura.postalCode')}
        errors={errors('postalCode')}
        inputProps={{
          name: 'postalCode',
          defaultValue: shown('postalCode'),
          inputMode: 'numeric',
          autoComplete: 'postal-code',
          maxLength: 5,
          required: true,
        }}
      />
      <SelectField
        label={t('receipt.factura.cfdiUse')}
        errors={errors('cfdiUse')}
        options={uses.map((code) => ({ value: code, label: `${code} · ${CFDI_USE_NAMES[code]}` }))}
        // Remounted when the régimen changes, so the uso shown is one it allows (G03 first where it does).
        selectProps={{ key: uses.join(), name: 'cfdiUse', defaultValue: shown('cfdiUse') || uses[0] }}
      />
      <Field
        label={t(forStaff ? 'admin.invoices.substitute.email' : 'receipt.factura.email')}
        hint={t(forStaff ? 'admin.invoices.substitute.emailHint' : 'receipt.factura.emailHint')}
        errors={errors('email')}
        inputProps={{
          name: 'email',
          type: 'email',
          inputMode: 'email',
          autoComplete: 'email',
          defaultValue: shown('email'),
          maxLength: 254,
          required: true,
        }}
      />
      <button type="submit" className={`${buttonClass.primary} w-full`} data-testid="factura-submit">
        {submit}
      </button>
    </Form>
  )
}
