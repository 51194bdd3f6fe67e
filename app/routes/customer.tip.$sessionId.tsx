import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Form, useLoaderData, useNavigate, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { centsToPesos, parsePesosInput } from '~/domain/money'
import { TIP_PRESETS, tipForPercent } from '~/domain/tip'
import { TipFaceIcon } from '~/ui/icons'
import { checkoutFromUrl } from '~/server/checkout.server'
import { dinerHeader, loadBill } from '~/server/customer.server'
import { buttonClass } from '~/ui/button'
import { customerPath } from '~/domain/customer-paths'
import { CustomerShell } from '~/ui/customer/shell'
import { useI18n } from '~/ui/i18n'

const AMOUNT_ERROR_REDIRECT_MS = 2000


const TIP_FACES = { 'tip.good': 'good', 'tip.great': 'great', 'tip.excellent': 'excellent' } as const
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data && data.base <= 0 ? [{ httpEquiv: 'refresh', content: `2;url=${data.billUrl}` }] : [{ title: 'Mesa' }]

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  const url = new URL(request.url)
  const checkout = checkoutFromUrl(bill, url.searchParams)
  const sid = bill.sessionId
  const backTo =
    checkout.selection?.mode === 'full' || !checkout.selection
      ? customerPath.bill(sid, '?sheet=pay')
      : customerPath.options(sid, new URLSearchParams(checkout.selectionQuery))
  return {
    ...dinerHeader(bill),
    base: checkout.base,
    tip: checkout.tip,
    selectionQuery: checkout.selectionQuery,
    billUrl: customerPath.bill(sid),
    backTo,
  }
}

type Choice = { kind: 'percent'; percent: number } | { kind: 'custom'; text: string }

export default function Tip() {
  const data = useLoaderData<typeof loader>()
  const { t, money } = useI18n()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const customInput = useRef<HTMLInputElement>(null)
  const [choice, setChoice] = useState<Choice>(
    data.tip.percent === null ? { kind: 'custom', text: centsToPesos(data.tip.tip).toFixed(2) } : { kind: 'percent', percent: data.tip.percent },
  )
  const [noTipReason, setNoTipReason] = useState(data.tip.noTipReason ?? '')

  useEffect(() => {
    if (data.base > 0) return
    const timer = setTimeout(() => navigate(data.billUrl, { replace: true }), AMOUNT_ERROR_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [data.base, data.billUrl, navigate])

  const shell = { restaurantName: data.restaurantName, tableNumber: data.tableNumber, backTo: data.backTo, closeTo: data.billUrl, title: t('customer.tip.title') }
  if (data.base <= 0) {
    return (
      <CustomerShell {...shell}>
        <div role="alert" className="rounded-2xl bg-red-50 p-5 text-red-900" data-testid="tip-amount-error">
          <p className="font-bold">{t('customer.tip.amountErrorTitle')}</p>
          <p className="mt-1">{t('customer.tip.amountErrorText')}</p>
        </div>
      </CustomerShell>
    )
  }

  const customCents = choice.kind === 'custom' ? parsePesosInput(choice.text) : null
  // A custom amount that is not a number of 0 or more is ignored.
  const tip = choice.kind === 'percent' ? tipForPercent(data.base, choice.percent) : customCents !== null && customCents >= 0 ? customCents : 0
  const pending = navigation.state !== 'idle' && navigation.location?.pathname.startsWith('/customer/payment-method/')
  const selection = new URLSearchParams(data.selectionQuery)

  return (
    <CustomerShell {...shell}>
      <Form method="get" action={`/customer/payment-method/${data.sessionId}`} className="grid gap-5">
        {[...selection].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="amount" value={centsToPesos(data.base).toFixed(2)} />

        <div className="flex items-start justify-between gap-3">
          <p className="text-stone-700">{t('customer.tip.thanks', { restaurant: data.restaurantName })}</p>
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => {
              setChoice({ kind: 'custom', text: '' })
              customInput.current?.focus()
            }}
          >
            {t('customer.tip.custom')}
          </button>
        </div>

        <fieldset className="grid grid-cols-3 gap-3">
          <legend className="sr-only">{t('customer.tip.title')}</legend>
          {TIP_PRESETS.map((preset) => {
            const checked = choice.kind === 'percent' && choice.percent === preset.percent
            return (
              <label
                key={preset.percent}
                className={`relative flex min-h-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl border-2 bg-white p-3 text-center has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-emerald-700 ${
                  checked ? 'border-emerald-700 bg-emerald-50' : 'border-stone-200'
                }`}
              >
                <input
                  type="radio"
                  name="tipPercentage"
                  value={preset.percent}
                  checked={checked}
                  onChange={() => setChoice({ kind: 'percent', percent: preset.percent })}
                  className="sr-only"
                />
                {'popular' in preset && preset.popular ? (
                  <span className="absolute -top-2.5 rounded-full bg-amber-400 px-2 text-xs font-bold text-amber-950">{t('customer.tip.popular')}</span>
                ) : null}
                <TipFaceIcon level={TIP_FACES[preset.labelKey]} className="size-7 text-emerald-800" />
                <span className="font-bold">{preset.percent}%</span>
                <span className="text-sm text-stone-600">{t(`customer.${preset.labelKey}`)}</span>
                <span className="text-sm font-semibold tabular-nums">{money(tipForPercent(data.base, preset.percent))}</span>
              </label>
            )
          })}
        </fieldset>

        <div className="grid gap-2">
          <label className="flex items-center gap-2 font-semibold">
            <input
              type="radio"
              name="tipPercentage"
              value="custom"
              checked={choice.kind === 'custom'}
              onChange={() => setChoice({ kind: 'custom', text: '' })}
              className="size-5 accent-emerald-700"
            />
            {t('customer.tip.customAmount')}
          </label>
          <input
            ref={customInput}
            name="tipAmount"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={choice.kind === 'custom' ? choice.text : ''}
            onChange={(event) => setChoice({ kind: 'custom', text: event.target.value })}
            placeholder="0.00"
            aria-label={t('customer.tip.customAmount')}
            className="min-h-12 rounded-xl border border-stone-300 bg-white px-4 text-lg tabular-nums"
          />
        </div>

        {tip === 0 ? (
          <label className="grid gap-1 font-semibold">
            {t('customer.tip.noTipReason')}
            <select
              name="noTipReason"
              value={noTipReason}
              onChange={(event) => setNoTipReason(event.target.value)}
              className="min-h-12 rounded-xl border border-stone-300 bg-white px-3"
            >
              <option value="">—</option>
              {(['service', 'included', 'other'] as const).map((reason) => (
                <option key={reason} value={reason}>
                  {t(`customer.tip.noTipReasons.${reason}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}

        <dl className="space-y-1 rounded-2xl bg-white p-4 shadow-sm" data-testid="tip-summary">
          <div className="flex justify-between">
            <dt className="text-stone-600">{t('customer.tip.subtotal')}</dt>
            <dd className="tabular-nums">{money(data.base)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-stone-600">{t('customer.tip.tipLine')}</dt>
            <dd className="tabular-nums">{money(tip)}</dd>
          </div>
          <div className="flex justify-between border-t border-stone-200 pt-2 text-lg font-bold">
            <dt>{t('customer.tip.total')}</dt>
            <dd className="tabular-nums" data-testid="tip-total">{money(data.base + tip)}</dd>
          </div>
        </dl>

        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={pending} data-testid="tip-confirm">
          {pending ? (
            <>
              <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent" />
              {t('customer.tip.processing')}
            </>
          ) : (
            t('customer.tip.confirm')
          )}
        </button>
      </Form>
    </CustomerShell>
  )
}
