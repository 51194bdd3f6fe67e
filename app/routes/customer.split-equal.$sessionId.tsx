import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { useState } from 'react'
import { namedDiners } from '~/domain/diners'
import { MAX_PEOPLE_PAYING, MAX_TABLE_SIZE, quoteSplit, startingTableSize } from '~/domain/split'
import { payableBill } from '~/server/bills/bill-reads.server'
import { dinerHeader, loadBill } from '~/server/bills/diner-bill.server'
import { pageTitle } from '~/ui/page-title'
import { buttonClass } from '~/ui/button'
import { customerPath } from '~/domain/customer-paths'
import { CustomerShell } from '~/ui/customer/shell'
import { SplitPie } from '~/ui/customer/split-pie'
import { useShownPrice } from '~/ui/customer/shown-price'
import { useI18n } from '~/ui/i18n'
import { unlessOnlySearchChanged } from '~/ui/revalidate'
import { Stepper } from '~/ui/stepper'
import { useHydrated } from '~/ui/use-hydrated'
import { useLiveBill } from '~/ui/use-live'

export const meta: MetaFunction<typeof loader> = (args) =>
  pageTitle(args, (t) => ({ page: t('customer.split.title'), ...args.data }))

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  // Shares are of what nobody is paying right now.
  const bill = payableBill(await loadBill(context, params.sessionId))
  const query = new URL(request.url).searchParams
  const tableSize = Number(query.get('tableSize')) || startingTableSize(bill.splitPaid, namedDiners(bill.lines))
  const start = quoteSplit(bill.totals.remaining, Number(query.get('partySize')) || 1, tableSize, bill.splitPaid)
  return {
    ...dinerHeader(bill),
    total: bill.totals.total,
    remaining: bill.totals.remaining,
    splitPaid: bill.splitPaid,
    peoplePaying: start.peoplePaying,
    tableSize: start.tableSize,
  }
}

export const shouldRevalidate = unlessOnlySearchChanged

export default function SplitEqual() {
  const data = useLoaderData<typeof loader>()
  const { t } = useI18n()
  const price = useShownPrice(data.tax)
  const hydrated = useHydrated()
  const [, setSearchParams] = useSearchParams()
  const [choice, setChoice] = useState({ peoplePaying: data.peoplePaying, tableSize: data.tableSize })
  const split = quoteSplit(data.remaining, choice.peoplePaying, choice.tableSize, data.splitPaid)
  const peopleLeft = split.tableSize - split.sharesPaid
  const sid = data.sessionId
  useLiveBill(sid)

  // The URL follows the steppers, so a reload keeps the diner's numbers.
  const choose = (next: { peoplePaying: number; tableSize: number }) => {
    setChoice(next)
    const quoted = quoteSplit(data.remaining, next.peoplePaying, next.tableSize, data.splitPaid)
    setSearchParams(
      { partySize: String(quoted.peoplePaying), tableSize: String(quoted.tableSize) },
      { replace: true, preventScrollReset: true },
    )
  }

  const shell = {
    restaurantName: data.restaurantName,
    tableNumber: data.tableNumber,
    backTo: customerPath.bill(sid, '?sheet=split'),
    closeTo: customerPath.bill(sid),
    title: t('customer.split.title'),
  }
  if (data.remaining <= 0) {
    return (
      <CustomerShell {...shell}>
        <div className="grid gap-4 rounded-2xl bg-white p-6 text-center shadow-sm dark:bg-stone-900">
          <p className="text-lg font-semibold">{t('customer.split.nothingLeft')}</p>
          <Link to={customerPath.bill(sid)} className={buttonClass.secondary}>
            {t('customer.menu.viewBill')}
          </Link>
        </div>
      </CustomerShell>
    )
  }

  return (
    <CustomerShell {...shell}>
      <Form method="get" action={customerPath.tip(sid, new URLSearchParams())} className="grid gap-5">
        <input type="hidden" name="split" value="true" />
        <div className="flex items-center gap-5 rounded-3xl bg-white p-5 shadow-sm dark:bg-stone-900">
          <SplitPie
            tableSize={split.tableSize}
            peoplePaying={split.peoplePaying}
            sharesPaid={split.sharesPaid}
            label={t('customer.split.pie', { paying: split.peoplePaying, size: split.tableSize })}
          />
          <dl className="grid gap-2">
            <div>
              <dt className="text-sm text-stone-600 dark:text-stone-400">{t('customer.split.leftToPay')}</dt>
              <dd className="text-lg font-semibold tabular-nums" data-testid="split-remaining">
                {price(data.remaining)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-stone-600 dark:text-stone-400">{t('customer.split.totalBill')}</dt>
              <dd className="tabular-nums">{price(data.total)}</dd>
            </div>
          </dl>
        </div>

        {split.sharesPaid > 0 ? (
          <p
            className="rounded-2xl bg-emerald-50 p-4 text-emerald-950 dark:bg-emerald-950/60 dark:text-emerald-100"
            data-testid="shares-paid"
          >
            {t('customer.split.sharesPaid', { count: split.sharesPaid, size: split.tableSize, left: peopleLeft })}
          </p>
        ) : null}

        <div className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900">
          <div className="grid justify-items-center gap-3">
            <p className="justify-self-stretch text-lg font-semibold" id="split-question">
              {t('customer.split.question')}
            </p>
            <Stepper
              name="tableSize"
              value={split.tableSize}
              min={Math.max(1, split.peoplePaying)}
              max={MAX_TABLE_SIZE}
              onChange={(tableSize) => choose({ ...choice, tableSize })}
              label={t('customer.split.question')}
              decreaseLabel={t('customer.split.fewerPeople')}
              increaseLabel={t('customer.split.morePeople')}
              testId="table-size"
            />
          </div>
          <details open={split.peoplePaying > 1} className="group border-t border-stone-200 pt-3 dark:border-stone-700">
            <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-emerald-800 underline underline-offset-2 dark:text-emerald-400">
              {t('customer.split.forOthers')}
            </summary>
            <div className="flex items-center justify-between gap-3 pt-2">
              <p className="text-stone-700 dark:text-stone-300">{t('customer.split.peoplePaying')}</p>
              <Stepper
                name="partySize"
                value={split.peoplePaying}
                min={1}
                max={Math.min(MAX_PEOPLE_PAYING, peopleLeft)}
                onChange={(peoplePaying) => choose({ ...choice, peoplePaying })}
                label={t('customer.split.peoplePaying')}
                decreaseLabel={t('customer.split.fewerShares')}
                increaseLabel={t('customer.split.moreShares')}
                testId="people-paying"
              />
            </div>
          </details>
        </div>

        <div className="flex items-center justify-between rounded-2xl bg-emerald-800 p-5 text-white dark:bg-emerald-900">
          <span className="font-semibold">
            {t('customer.split.yourShare', { count: split.peoplePaying, size: peopleLeft })}
          </span>
          <span className="text-3xl font-bold tabular-nums" data-testid="split-share">
            {price(split.share)}
          </span>
        </div>

        {hydrated ? null : (
          <button
            type="submit"
            formAction={`/customer/split-equal/${sid}`}
            className={`${buttonClass.secondary} w-full`}
          >
            {t('common.update')}
          </button>
        )}
        <button type="submit" className={`${buttonClass.primary} w-full`} data-testid="split-continue">
          {t('customer.split.continue')}
        </button>
      </Form>
    </CustomerShell>
  )
}
