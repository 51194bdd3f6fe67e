import { getFormProps, getInputProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { unconnectedPaymentsSchema, type SettingsIntent } from '~/domain/schemas/settings'
import type { CardPayments } from '~/server/payments/stripe-accounts.server'
import { buttonClass } from '~/ui/button'
import { ErrorList, StatusButton, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { useClock } from '~/ui/clock'
import { useLastResult, useSchemaForm } from '~/ui/use-schema-form'

/**
 * "Pagos con tarjeta": the restaurant's Stripe account (connect it, go on
 * with Stripe's onboarding, where it stands) and what its tables offer until
 * it can charge. Plain forms: it works without JavaScript.
 */
export function CardPaymentsSection({ payments }: { payments: CardPayments }) {
  const { t } = useI18n()
  const clock = useClock()
  const connecting = useIsPending({ intent: 'connect' })
  return (
    <section
      aria-labelledby="card-payments-title"
      className="grid gap-4 rounded-3xl bg-white p-6 shadow-sm dark:bg-stone-900"
      data-testid="card-payments"
    >
      <h2 id="card-payments-title" className="text-xl font-bold">
        {t('admin.settings.payments.title')}
      </h2>
      {payments.provider === 'simulated' ? (
        <p data-testid="payments-simulated">{t('admin.settings.payments.simulated')}</p>
      ) : (
        <>
          <p className="text-stone-600 dark:text-stone-400">{t('admin.settings.payments.lead')}</p>
          <div
            role="status"
            className={
              payments.account === 'disconnected'
                ? 'rounded-2xl border-2 border-red-700 bg-red-50 p-4 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50'
                : undefined
            }
          >
            <p className="font-bold" data-testid="stripe-state">
              {t(`admin.settings.payments.state.${payments.account}`)}
            </p>
            <p>{t(`admin.settings.payments.stateText.${payments.account}`)}</p>
            {payments.details && payments.account !== 'disconnected' ? (
              <ul className="mt-2 grid gap-1 text-sm" data-testid="stripe-details">
                <li>
                  {t(
                    payments.details.payoutsEnabled
                      ? 'admin.settings.payments.payoutsOn'
                      : 'admin.settings.payments.payoutsOff',
                  )}
                </li>
                {payments.details.due > 0 ? (
                  <li className="font-semibold text-amber-800 dark:text-amber-300">
                    {t('admin.settings.payments.due', { count: payments.details.due })}
                    {payments.details.dueBy
                      ? ` ${t('admin.settings.payments.dueBy', { date: clock.dateTime(payments.details.dueBy) })}`
                      : ''}
                  </li>
                ) : null}
              </ul>
            ) : null}
          </div>
          {payments.account === 'active' && !payments.details?.due ? null : (
            <>
              {payments.account === 'pending' ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value={'connect' satisfies SettingsIntent} />
                  <StatusButton
                    pending={connecting}
                    className={`${buttonClass.primary} justify-self-start`}
                    data-testid="stripe-connect"
                  >
                    {t(
                      payments.account === 'none'
                        ? 'admin.settings.payments.connect'
                        : payments.account === 'disconnected'
                          ? 'admin.settings.payments.reconnect'
                          : 'admin.settings.payments.continue',
                    )}
                  </StatusButton>
                </Form>
              )}
              {payments.account === 'active' ? null : <UnconnectedForm chosen={payments.unconnectedPayments} />}
            </>
          )}
        </>
      )}
    </section>
  )
}

function UnconnectedForm({ chosen }: { chosen: 'off' | 'demo' }) {
  const { t } = useI18n()
  const pending = useIsPending({ intent: 'unconnected' })
  const [form, fields] = useSchemaForm(unconnectedPaymentsSchema, {
    id: 'unconnected',
    lastResult: useLastResult('unconnected'),
    defaultValue: { unconnectedPayments: chosen },
  })
  return (
    <Form method="post" className="grid gap-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={'unconnected' satisfies SettingsIntent} />
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <fieldset className="grid gap-2 rounded-2xl border border-stone-200 p-4 dark:border-stone-700">
        <legend className="px-1 font-bold">{t('admin.settings.payments.beforeActive')}</legend>
        {(['off', 'demo'] as const).map((choice) => {
          const { key: _key, ...input } = getInputProps(fields.unconnectedPayments, { type: 'radio', value: choice })
          return (
            <label key={choice} className="flex min-h-11 items-start gap-3">
              <input {...input} className="mt-1 size-5 shrink-0 accent-emerald-700" />
              <span>{t(`admin.settings.payments.${choice}`)}</span>
            </label>
          )
        })}
      </fieldset>
      <StatusButton pending={pending} className={`${buttonClass.secondary} justify-self-start`}>
        {t('admin.settings.payments.saveChoice')}
      </StatusButton>
    </Form>
  )
}
