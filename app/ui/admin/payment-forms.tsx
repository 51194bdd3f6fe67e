import { getFormProps, getInputProps } from '@conform-to/react'
import { unitsLeft } from '~/domain/bill'
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { cashTenderedChoices } from '~/domain/cash-tendered'
import { decimalPesos } from '~/domain/money'
import { TERMINAL_FUNDINGS, type TerminalFunding } from '~/domain/receipt'
import { recordPaymentSchema } from '~/domain/schemas/books'
import { chargeFor, ratePercentLabel } from '~/domain/tax'
import { buttonClass } from '~/ui/button'
import { ErrorList, SelectField } from '~/ui/forms'
import { registerName, type Register } from '~/domain/registers'
import { HiddenFields } from '~/ui/hidden-fields'
import { useI18n } from '~/ui/i18n'
import { useLastResult, useSchemaForm } from '~/ui/use-schema-form'
import type { TableIntent } from '~/domain/schemas/table-forms'
import { LabeledInput, UnitsFields, CardFundingField } from './staff-fields'

/* A payment recorded by staff: one tap for the rest, or the detailed form; and the change owed on cash (staff-fields.tsx has the forms' contract). */

/**
 * The table's first job: the rest of the bill taken in one tap, in cash
 * (exactly, or with the nearest round sums a diner hands over, each with its
 * change shown before the tap, or the same sums with the change kept as a
 * tip: "quédese con el cambio") or on the terminal. Each tap is a form of its
 * own, so it works without JavaScript; they share the visit's transaction
 * id, so two taps record one payment.
 */
export function QuickCharge({
  sessionId,
  transactionId,
  remaining,
  tax,
  cash,
}: {
  sessionId: string
  transactionId: string
  remaining: number
  tax: { taxRateBps: number; taxIncludedInPrice: boolean }
  /** The registers cash may go into, and the one this device's goes into (null: the restaurant's one drawer). */
  cash: { registers: Register[]; drawer: string | null }
}) {
  const { t, money } = useI18n()
  const due = chargeFor(remaining, tax)
  const charge = (
    method: 'cash' | 'terminal',
    cents: number,
    label: ReactNode,
    primary: boolean,
    { cardFunding = null, tipCents = 0 }: { cardFunding?: TerminalFunding | null; tipCents?: number } = {},
  ) => (
    <Form method="post" key={`${method}-${cardFunding ?? ''}-${cents}-${tipCents}`} preventScrollReset>
      {/* The rest as shown (amount) and what it is charged as (due): a bill that moved meanwhile is refused rather than charged more. */}
      <HiddenFields
        value={{
          intent: 'record-payment' satisfies TableIntent,
          sessionId,
          transactionId,
          mode: 'full',
          quick: '1',
          amount: decimalPesos(remaining),
          due: decimalPesos(due),
          method,
          cardFunding,
          cashReceived: method === 'cash' ? decimalPesos(cents) : null,
          register: method === 'cash' ? cash.drawer : null,
          tip: tipCents > 0 ? decimalPesos(tipCents) : null,
        }}
      />
      <button
        type="submit"
        className={`${primary ? buttonClass.primary : buttonClass.secondary} w-full tabular-nums`}
        data-testid={
          cardFunding
            ? `charge-terminal-${cardFunding}-${cents}`
            : `charge-${method}-${cents}${tipCents > 0 ? '-tip' : ''}`
        }
      >
        {label}
      </button>
    </Form>
  )
  const [exact, ...rounded] = cashTenderedChoices(due)
  return (
    <section
      id="charge"
      aria-labelledby="charge-title"
      className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900"
      data-testid="quick-charge"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="charge-title" className="text-xl font-bold">
          {t('admin.books.charge')}
        </h2>
        <p className="text-lg font-semibold tabular-nums">{t('admin.books.chargeDue', { amount: money(due) })}</p>
      </div>
      <CashRegister {...cash} />
      <p className="text-sm font-semibold">{t('admin.books.cashQuick')}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {exact ? charge('cash', exact, t('admin.books.cashExact', { amount: money(exact) }), true) : null}
        {rounded.map((cents) =>
          charge(
            'cash',
            cents,
            sumAnd(money(cents), t('admin.books.cashChange', { change: money(cents - due) })),
            false,
          ),
        )}
      </div>
      {rounded.length > 0 ? (
        <>
          <p className="text-sm font-semibold">{t('admin.books.cashKeepChange')}</p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {rounded.map((cents) =>
              charge(
                'cash',
                cents,
                sumAnd(money(cents), t('admin.books.cashTip', { tip: money(cents - due) })),
                false,
                {
                  tipCents: cents - due,
                },
              ),
            )}
          </div>
        </>
      ) : null}
      {/* The card's funding decides the CFDI's forma de pago (credit 04, debit 28): asked in the same tap. */}
      <p className="text-sm font-semibold">{t('admin.books.terminalQuick')}</p>
      <div className="grid grid-cols-2 gap-2 sm:max-w-md">
        {TERMINAL_FUNDINGS.map((funding) =>
          charge('terminal', due, t(`admin.books.terminalFunding.${funding}`, { amount: money(due) }), false, {
            cardFunding: funding,
          }),
        )}
      </div>
    </section>
  )
}

/**
 * Which register's drawer this device's cash goes into, where the
 * restaurant names registers; with more than one, the device changes it
 * here (a cookie keeps its choice).
 */
function CashRegister({ registers, drawer }: { registers: Register[]; drawer: string | null }) {
  const { t } = useI18n()
  const name = registerName(registers, drawer)
  if (!name) return null
  const said = <span data-testid="cash-register">{t('admin.books.register', { name })}</span>
  if (registers.length < 2) return <p className="text-sm">{said}</p>
  return (
    <details className="text-sm">
      <summary className="min-h-11 cursor-pointer content-center">
        {said} · <span className="font-semibold underline">{t('admin.books.registerSave')}</span>
      </summary>
      <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2 pb-2">
        <input type="hidden" name="intent" value={'choose-register' satisfies TableIntent} />
        <SelectField
          label={t('admin.books.registerChoose')}
          options={registers.map((register) => ({ value: register.id, label: register.name }))}
          selectProps={{ name: 'register', defaultValue: drawer ?? undefined }}
        />
        <button type="submit" className={buttonClass.secondary} data-testid="register-choose">
          {t('admin.books.registerSave')}
        </button>
      </Form>
    </details>
  )
}

/** A sum a diner hands over, with what it leaves under it (the change, or the tip). */
const sumAnd = (sum: string, leaves: string) => (
  <span className="grid">
    <span>{sum}</span>
    <span className="text-sm font-normal">{leaves}</span>
  </span>
)

/** The change to hand back after a cash payment, large, until the waiter says it is done. */
export function ChangeOwed({ cents, doneTo }: { cents: number; doneTo: string }) {
  const { t, money } = useI18n()
  return (
    <section
      role="status"
      aria-labelledby="change-title"
      className="grid justify-items-center gap-2 rounded-2xl border-2 border-emerald-800 bg-emerald-50 p-6 text-center dark:border-emerald-400 dark:bg-emerald-950"
      data-testid="change-owed"
    >
      <p className="text-stone-700 dark:text-stone-300">{t('admin.books.changeLead')}</p>
      <h2 id="change-title" className="text-xl font-bold">
        {t('admin.books.change')}
      </h2>
      <p className="text-5xl font-bold tabular-nums" data-testid="change-amount">
        {money(cents)}
      </p>
      <Link
        to={doneTo}
        replace
        preventScrollReset
        className={`${buttonClass.primary} mt-2 w-full max-w-xs`}
        data-testid="change-done"
      >
        {t('admin.books.changeDone')}
      </Link>
    </section>
  )
}

/** Records money taken at the table: the whole rest, an amount, or units of lines; cash or the terminal; the tip; the cash handed over. */
export function RecordPaymentForm({
  sessionId,
  transactionId,
  remaining,
  tax,
  lines,
  register,
}: {
  /** The register this device's cash goes into; null: the restaurant's one drawer. */
  register: string | null
  sessionId: string
  transactionId: string
  remaining: number
  tax: { taxRateBps: number; taxIncludedInPrice: boolean }
  lines: { id: string; name: string; quantity: number; paidQuantity: number }[]
}) {
  const { t, money } = useI18n()
  const answered = useLastResult('record-payment')
  // A one-tap charge's refusal is the page's to say, not this form's.
  const lastResult = answered?.initialValue?.quick ? null : answered
  const [form, fields] = useSchemaForm(recordPaymentSchema, {
    id: 'record-payment',
    lastResult,
    defaultValue: { mode: 'full', amount: decimalPesos(remaining), method: 'cash' },
  })
  const open = lines.filter((line) => unitsLeft(line) > 0)
  const mode = fields.mode.initialValue ?? 'full'
  const method = fields.method.initialValue ?? 'cash'
  return (
    <details
      className="rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900"
      data-testid="record-payment"
      open={lastResult ? true : undefined}
    >
      <summary className="cursor-pointer font-bold">{t('admin.books.recordTitle')}</summary>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={'record-payment' satisfies TableIntent} />
        <input type="hidden" name="sessionId" value={sessionId} />
        <input type="hidden" name="transactionId" value={transactionId} />
        <input type="hidden" name="due" value={decimalPesos(chargeFor(remaining, tax))} />
        {register ? <input type="hidden" name="register" value={register} /> : null}
        <fieldset className="grid gap-1 sm:col-span-2">
          <legend className="text-sm font-semibold">{t('admin.books.mode')}</legend>
          {(['full', 'amount', 'items'] as const).map((each) => (
            <label key={each} className="flex min-h-11 items-center gap-2">
              <input type="radio" name={fields.mode.name} value={each} defaultChecked={each === mode} />
              {t(
                each === 'full'
                  ? 'admin.books.modeFull'
                  : each === 'amount'
                    ? 'admin.books.modeAmount'
                    : 'admin.books.modeItems',
              )}
            </label>
          ))}
        </fieldset>
        <LabeledInput
          label={t('admin.books.amount')}
          errors={fields.amount.errors}
          testId="record-amount"
          inputProps={{ ...getInputProps(fields.amount, { type: 'text' }), inputMode: 'decimal' }}
          after={
            tax.taxIncludedInPrice ? null : (
              <span className="font-normal text-amber-900 dark:text-amber-100" data-testid="record-tax-on-top">
                {t('admin.books.taxOnTop', {
                  rate: ratePercentLabel(tax.taxRateBps),
                  total: money(chargeFor(remaining, tax)),
                })}
              </span>
            )
          }
        />
        <LabeledInput
          label={t('admin.books.tip')}
          errors={fields.tip.errors}
          inputProps={{ ...getInputProps(fields.tip, { type: 'text' }), inputMode: 'decimal', placeholder: '0.00' }}
        />
        {open.length > 0 ? (
          <UnitsFields
            legend={t('admin.books.units')}
            lines={open.map((line) => ({ id: line.id, name: line.name, max: unitsLeft(line) }))}
            units={fields.units}
            allErrors={form.allErrors}
          />
        ) : null}
        <fieldset className="grid gap-1">
          <legend className="text-sm font-semibold">{t('admin.books.method')}</legend>
          {(['cash', 'terminal'] as const).map((each) => (
            <label key={each} className="flex min-h-11 items-center gap-2">
              <input type="radio" name={fields.method.name} value={each} defaultChecked={each === method} />
              {t(`admin.details.methods.${each}`)}
            </label>
          ))}
          <ErrorList errors={fields.method.errors} />
        </fieldset>
        <LabeledInput
          label={t('admin.books.cashReceived')}
          errors={fields.cashReceived.errors}
          testId="record-cash-received"
          inputProps={{ ...getInputProps(fields.cashReceived, { type: 'text' }), inputMode: 'decimal' }}
        />
        <CardFundingField field={fields.cardFunding} />
        <div className="sm:col-span-2">
          <ErrorList errors={form.errors} alert testId="record-payment-errors" />
        </div>
        <button type="submit" className={`${buttonClass.primary} sm:col-span-2`} data-testid="record-submit">
          {t('admin.books.record')}
        </button>
      </Form>
    </details>
  )
}
