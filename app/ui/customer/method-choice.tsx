import type { PaymentMethod } from '~/domain/bill'
import { useI18n } from '~/ui/i18n'
import { CardIcon } from '~/ui/icons'
import { ApplePayMark, GooglePayMark } from '~/ui/payment-marks'

/** Each method's picture: the wallets their own marks, the card an outline as wide as a mark, so the names line up. */
function MethodMark({ method }: { method: PaymentMethod }) {
  if (method === 'apple') return <ApplePayMark />
  if (method === 'google') return <GooglePayMark />
  return (
    <span className="grid h-8 w-[50px] shrink-0 place-items-center">
      <CardIcon className="size-7 text-stone-700 dark:text-stone-300" />
    </span>
  )
}

interface MethodChoiceProps {
  methods: readonly PaymentMethod[]
  chosen: PaymentMethod | null
  onChoose: (method: PaymentMethod) => void
  /** The heading that names the choice; without one the choice carries its own legend. */
  labelledBy?: string
  /** The message that explains what is wrong with the choice, when something is. */
  describedBy?: string
}

/** The payment methods as radio buttons named `paymentMethod`, so the plain form posts the choice without JavaScript. */
export function MethodChoice({ methods, chosen, onChoose, labelledBy, describedBy }: MethodChoiceProps) {
  const { t } = useI18n()
  return (
    <fieldset
      className="grid gap-3"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid="payment-methods"
    >
      {labelledBy ? null : <legend className="mb-2 font-bold">{t('customer.method.title')}</legend>}
      {methods.map((value) => (
        <label
          key={value}
          className={`flex min-h-14 cursor-pointer items-center gap-4 rounded-2xl border-2 bg-white px-4 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-emerald-700 dark:bg-stone-900 ${
            chosen === value
              ? 'border-emerald-700 bg-emerald-50 dark:border-emerald-500 dark:bg-emerald-950/60'
              : 'border-stone-200 dark:border-stone-700'
          }`}
          data-testid={`method-${value}`}
        >
          <input
            type="radio"
            name="paymentMethod"
            value={value}
            checked={chosen === value}
            onChange={() => onChoose(value)}
            className="size-5 shrink-0 accent-emerald-700"
          />
          <MethodMark method={value} />
          <span className="font-semibold">{t(`customer.method.${value}`)}</span>
        </label>
      ))}
    </fieldset>
  )
}
