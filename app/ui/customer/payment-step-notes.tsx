import { Link } from '@remix-run/react'
import { NO_TIP_REASONS } from '~/domain/checkout'
import type { PayError, Stop } from '~/domain/payment-step'
import { buttonClass } from '~/ui/button'
import type { TranslationKey } from '~/locales/translate'
import { useI18n } from '~/ui/i18n'

/**
 * The one way forward from a stop: change the tip, go back to a bill with
 * nothing left to choose, or load this step again (the new amount, a new payment).
 */
export function forwardFrom(
  stop: Stop,
  paths: { tip: string; bill: string; self: string },
): { to: string; label: TranslationKey } {
  if (stop === 'tipTooHigh') return { to: paths.tip, label: 'customer.method.changeTip' }
  if (stop === 'billPaid' || stop === 'selectionTaken' || stop === 'nothingChosen')
    return { to: paths.bill, label: 'customer.method.backToBill' }
  return { to: paths.self, label: 'customer.method.reviewAgain' }
}

/** The one message shown when this payment cannot go ahead as shown, with the one way forward. */
export function StopNotice({
  stop,
  newTotal,
  forward,
}: {
  stop: Stop
  newTotal: string | null
  forward: { to: string; label: TranslationKey }
}) {
  const { t } = useI18n()
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-2xl bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100"
      data-testid="payment-error"
    >
      <p className="font-bold">{t(`customer.method.stops.${stop}.title`)}</p>
      <p>{newTotal ? t('customer.method.newTotal', { total: newTotal }) : t(`customer.method.stops.${stop}.text`)}</p>
      <Link to={forward.to} className={`${buttonClass.primary} w-full text-lg`} data-testid="review-again">
        {t(forward.label)}
      </Link>
    </div>
  )
}

/**
 * A total too small for a card, said before the diner types one: the rest
 * of the bill is offered instead, or, when this already is the rest, the
 * server.
 */
export function BelowMinimum({ payRest }: { payRest: string | null }) {
  const { t } = useI18n()
  return (
    <PayErrorText
      title={t('customer.method.belowMinimumTitle')}
      text={t(payRest ? 'customer.method.belowMinimumText' : 'customer.method.belowMinimumRestText')}
      link={payRest ? { to: payRest, label: t('customer.method.payRest') } : null}
    />
  )
}

/** Why the payment was not taken; a charge too small for cards is offered the rest of the bill instead (`payRest`, unless it already was the rest). */
export function PayErrorBox({ error, payRest }: { error: PayError; payRest: string | null }) {
  const { t } = useI18n()
  if (error.kind === 'limited')
    return <PayErrorText title={t('customer.method.failedTitle')} text={t.message(error.text)} />
  const [title, text]: [TranslationKey, TranslationKey] =
    error.kind === 'method'
      ? ['customer.method.methodRequiredTitle', 'customer.method.methodRequiredText']
      : error.kind === 'invalid'
        ? ['customer.method.processingErrorTitle', 'customer.method.processingErrorText']
        : [
            'customer.method.failedTitle',
            error.kind === 'refused' && error.code
              ? `customer.method.refusals.${error.code}`
              : 'customer.method.failedText',
          ]
  const rest =
    error.kind === 'refused' && error.code === 'BELOW_MINIMUM' && payRest
      ? { to: payRest, label: t('customer.method.payRest') }
      : null
  return <PayErrorText title={t(title)} text={t(text)} link={rest} />
}

function PayErrorText({
  title,
  text,
  link = null,
}: {
  title: string
  text: string
  link?: { to: string; label: string } | null
}) {
  return (
    <div
      id="payment-error"
      role="alert"
      className="grid gap-3 rounded-2xl bg-red-50 p-4 text-red-900 dark:bg-red-950/60 dark:text-red-200"
      data-testid="payment-error"
    >
      <div>
        <p className="font-bold">{title}</p>
        <p>{text}</p>
      </div>
      {link ? (
        <Link to={link.to} className={`${buttonClass.secondary} w-full`} data-testid="pay-rest">
          {link.label}
        </Link>
      ) : null}
    </div>
  )
}

/** Who pays, if they want to say: thanked by it, and shown to staff under it; kept on the phone for next time. */
export function PayerName({ kept }: { kept: string }) {
  const { t } = useI18n()
  return (
    <label className="grid gap-1 font-semibold">
      {t('customer.method.name')}
      <input
        name="customerName"
        maxLength={60}
        autoComplete="given-name"
        defaultValue={kept}
        className="min-h-12 rounded-xl border border-stone-300 bg-white px-4 font-normal dark:border-stone-600 dark:bg-stone-950"
        data-testid="payer-name"
      />
      <span className="text-sm font-normal text-stone-600 dark:text-stone-400">{t('customer.method.nameHint')}</span>
    </label>
  )
}

/** Why no tip, if the diner wants to say: asked once they chose none, never before. */
export function NoTipReason({ kept }: { kept: string | null | undefined }) {
  const { t } = useI18n()
  return (
    <label className="grid min-w-0 gap-1 font-semibold">
      {t('customer.tip.noTipReason')}
      <select
        name="serviceQuality"
        defaultValue={kept ?? 'good'}
        className="min-h-12 w-full min-w-0 rounded-xl border border-stone-300 bg-white px-3 text-base font-normal dark:border-stone-600 dark:bg-stone-950"
        data-testid="no-tip-reason"
      >
        <option value="good">—</option>
        {NO_TIP_REASONS.map((reason) => (
          <option key={reason} value={`notip_${reason}`}>
            {t(`customer.tip.noTipReasons.${reason}`)}
          </option>
        ))}
      </select>
    </label>
  )
}

export function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  )
}
