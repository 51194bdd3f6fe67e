import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { lineAmountFor, lineRemaining, unitsLeft } from '~/domain/bill'
import { parseItemsParam, selectionParams } from '~/domain/checkout'
import { groupUnpaidByDiner } from '~/domain/diners'
import { payItemsFormSchema } from '~/domain/schemas/checkout'
import { payableBill } from '~/server/bills/bill-reads.server'
import { clientBill, loadBill, type ClientLine } from '~/server/bills/diner-bill.server'
import { getLanguage } from '~/server/http/i18n.server'
import { linesOrderedHere } from '~/server/bills/ordered-here.server'
import { pageTitle } from '~/ui/page-title'
import { buttonClass } from '~/ui/button'
import { ErrorList } from '~/ui/forms'
import { customerPath } from '~/domain/customer-paths'
import { CustomerShell } from '~/ui/customer/shell'
import { useShownPrice } from '~/ui/customer/shown-price'
import { useI18n } from '~/ui/i18n'
import { Stepper } from '~/ui/stepper'
import { useToast } from '~/ui/toaster'
import { useHydrated } from '~/ui/use-hydrated'
import { useLiveBill } from '~/ui/use-live'

export const meta: MetaFunction<typeof loader> = (args) =>
  pageTitle(args, (t) => ({ page: t('customer.payItems.title'), ...args.data?.bill }))

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const bill = clientBill(await loadBill(context, params.sessionId), await getLanguage(request))
  const query = new URL(request.url).searchParams
  // Update (without JavaScript) sends the form here as it stands; coming back from the review step keeps what was chosen.
  const sent = query.has('update') ? parseWithZod(query, { schema: payItemsFormSchema }) : null
  const mine = await linesOrderedHere(request, bill.sessionId)
  const asked = query.get('items')
  const chosen = sent
    ? sent.status === 'success'
      ? sent.value.item.map((itemId) => ({ itemId, quantity: sent.value.quantities?.[itemId] }))
      : []
    : asked
      ? parseItemsParam(asked)
      : // Nothing chosen yet: what this phone ordered, whole, ticked already.
        mine.map((itemId) => ({ itemId, quantity: undefined }))
  return { bill, chosen, mine }
}

export async function action({ params, context, request }: ActionFunctionArgs) {
  const bill = payableBill(await loadBill(context, params.sessionId))
  const submission = parseWithZod(await request.formData(), { schema: payItemsFormSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const refuse = (error: string, status: number) =>
    data(submission.reply({ fieldErrors: { item: [error] } }), { status })
  const byId = new Map(bill.lines.map((line) => [line.id, line]))
  const items: { itemId: string; quantity: number }[] = []
  for (const itemId of new Set(submission.value.item)) {
    const line = byId.get(itemId)
    if (!line) return refuse('customer.payItems.notOnBill', 400)
    const left = unitsLeft(line)
    // Paid (or being paid) by someone else since the page was drawn: say so, and let the diner choose again.
    if (left <= 0) return refuse('customer.payItems.taken', 409)
    // A ticked line is all of what is left of it; the stepper lowers it for a deliberate split.
    const wanted = submission.value.quantities?.[itemId] ?? left
    items.push({ itemId, quantity: Math.min(left, Math.max(1, wanted)) })
  }
  // The review of what was chosen is on the tip step: one page fewer between the bill and paying.
  return redirect(customerPath.tip(bill.sessionId, selectionParams({ mode: 'items', items })))
}

/** A line as this diner can pay it: units someone is paying right now count as paid. */
const payable = (line: ClientLine) => ({ ...line, paidQuantity: line.paidQuantity + line.heldQuantity })
/** Units a diner may still choose: nobody paid them and nobody is paying them now. */
const freeUnits = (line: ClientLine) => unitsLeft(line) - line.heldQuantity

/**
 * What a refused post had chosen, so the page comes back with it (without
 * JavaScript the page is drawn anew); a line sent without its units is all
 * of it (Infinity, cut to what is left where it is shown).
 */
function sentChoice(sent: Record<string, unknown> | null | undefined): Map<string, number> | null {
  if (!sent) return null
  const items = [sent.item].flat().filter((id): id is string => typeof id === 'string')
  const quantities =
    typeof sent.quantities === 'object' && sent.quantities ? (sent.quantities as Record<string, unknown>) : {}
  return new Map(items.map((id) => [id, Math.max(1, Math.floor(Number(quantities[id])) || Infinity)]))
}

export default function PayItems() {
  const { bill, chosen, mine } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { t, locale } = useI18n()
  const price = useShownPrice(bill.tax)
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const [selected, setSelected] = useState<Map<string, number>>(
    () =>
      sentChoice(lastResult?.initialValue) ?? new Map(chosen.map((item) => [item.itemId, item.quantity ?? Infinity])),
  )
  const sid = bill.sessionId
  const toast = useToast()
  useLiveBill(sid)

  // An item someone else just paid leaves this diner's selection, and the diner is told.
  useEffect(() => {
    const lines = new Map(bill.lines.map((line) => [line.id, line]))
    const taken = [...selected.keys()].filter((id) => {
      const line = lines.get(id)
      return !line || freeUnits(line) <= 0
    })
    if (taken.length === 0) return
    setSelected((current) => new Map([...current].filter(([id]) => !taken.includes(id))))
    toast({ title: 'customer.payItems.taken', variant: 'destructive' })
  }, [bill.lines, selected, toast])
  // What this phone ordered comes first, under its own heading; then everyone's, by who ordered it.
  const orderedHere = new Set(mine)
  const mineLeft = groupUnpaidByDiner(
    bill.lines.filter((line) => orderedHere.has(line.id)),
    locale,
  ).flatMap((group) => group.lines)
  const groups = [
    ...(mineLeft.length > 0 ? [{ key: 'mine', title: t('customer.payItems.mine'), lines: mineLeft }] : []),
    ...groupUnpaidByDiner(
      bill.lines.filter((line) => !orderedHere.has(line.id)),
      locale,
    ).map((group) => ({
      key: `diner:${group.customerName ?? ''}`,
      title: group.customerName ?? t('customer.bill.guest'),
      lines: group.lines,
    })),
  ]
  const open = new Map(bill.lines.map((line) => [line.id, line]))

  // Lines paid by someone else meanwhile drop out of the selection, and quantities shrink to what is left.
  const chosenLines = [...selected].flatMap(([id, quantity]) => {
    const line = open.get(id)
    const left = line ? freeUnits(line) : 0
    return line && left > 0 ? [{ line, units: Math.min(quantity, left) }] : []
  })
  const total = chosenLines.reduce((sum, { line, units }) => sum + lineAmountFor(payable(line), units), 0)
  const count = chosenLines.reduce((sum, { units }) => sum + units, 0)
  const pending = navigation.state !== 'idle'

  const toggle = (line: ClientLine, checked: boolean) =>
    setSelected((current) => {
      const next = new Map(current)
      // A tick chooses the whole line, as its "2×" says; the stepper then lowers it for a deliberate split.
      if (checked) next.set(line.id, freeUnits(line))
      else next.delete(line.id)
      return next
    })
  const setQuantity = (line: ClientLine, quantity: number) =>
    setSelected((current) => new Map(current).set(line.id, quantity))

  return (
    <CustomerShell
      restaurantName={bill.restaurantName}
      tableNumber={bill.tableNumber}
      backTo={customerPath.bill(sid, '?sheet=split')}
      closeTo={customerPath.bill(sid)}
      title={t('customer.payItems.title')}
    >
      {groups.length === 0 ? (
        <div
          className="grid gap-4 rounded-2xl bg-white p-6 text-center shadow-sm dark:bg-stone-900"
          data-testid="all-items-paid"
        >
          <p className="text-lg font-semibold">{t('customer.payItems.allPaid')}</p>
          <Link to={customerPath.bill(sid)} className={buttonClass.secondary}>
            {t('customer.menu.viewBill')}
          </Link>
        </div>
      ) : (
        <Form method="post" className="grid gap-5" replace>
          <p className="text-stone-700 dark:text-stone-300">{t('customer.payItems.lead')}</p>
          <ErrorList errors={lastResult?.error?.item} alert testId="pay-items-error" />

          {groups.map((group) => (
            <section
              key={group.key}
              aria-label={group.title}
              data-testid={group.key === 'mine' ? 'ordered-here' : 'diner-group'}
            >
              <h2 className="mb-2 text-lg font-bold">{group.title}</h2>
              <ul className="divide-y divide-stone-200 overflow-hidden rounded-2xl bg-white shadow-sm dark:divide-stone-700 dark:bg-stone-900">
                {group.lines.map((line) => {
                  const left = freeUnits(line)
                  const units = selected.get(line.id)
                  const isChosen = units !== undefined
                  return (
                    <li key={line.id} className="p-4" data-testid="pay-item">
                      <label className="flex cursor-pointer items-start gap-3">
                        <input
                          type="checkbox"
                          name="item"
                          value={line.id}
                          checked={isChosen}
                          disabled={left <= 0}
                          onChange={(event) => toggle(line, event.target.checked)}
                          className="mt-0.5 size-6 shrink-0 accent-emerald-700"
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block font-semibold">
                            {line.quantity > 1 ? `${line.quantity}× ` : ''}
                            <span lang={line.nameLang}>{line.name}</span>
                          </span>
                          {line.description ? (
                            <span
                              className="block text-sm text-stone-600 dark:text-stone-400"
                              lang={line.descriptionLang}
                            >
                              {line.description}
                            </span>
                          ) : null}
                          {left > 1 ? (
                            <span className="block text-sm text-stone-600 dark:text-stone-400">
                              {t('customer.payItems.each', { amount: price(lineAmountFor(payable(line), 1)) })}
                            </span>
                          ) : null}
                          {left > 0 && left < line.quantity ? (
                            <span className="block text-sm font-medium text-amber-800 dark:text-amber-200">
                              {t('customer.payItems.left', { count: left })}
                            </span>
                          ) : null}
                          {line.heldQuantity > 0 ? (
                            <span
                              className="block text-sm font-medium text-sky-800 dark:text-sky-300"
                              data-testid="item-being-paid"
                            >
                              {left > 0
                                ? t('customer.bill.beingPaid', { count: line.heldQuantity })
                                : t('customer.payItems.beingPaid')}
                            </span>
                          ) : null}
                        </span>
                        {left > 0 ? (
                          <span className="font-semibold tabular-nums">
                            {price(
                              isChosen
                                ? lineAmountFor(payable(line), Math.min(units, left))
                                : lineRemaining(payable(line)),
                            )}
                          </span>
                        ) : (
                          // Someone is paying all of it: what it costs, out of reach.
                          <span className="font-semibold text-stone-500 tabular-nums dark:text-stone-400">
                            {price(lineRemaining(line))}
                          </span>
                        )}
                      </label>
                      {left > 1 ? (
                        <div className="mt-3 flex justify-end">
                          <Stepper
                            name={`quantities.${line.id}`}
                            value={Math.min(units ?? left, left)}
                            min={1}
                            max={left}
                            onChange={(quantity) => setQuantity(line, quantity)}
                            disabled={hydrated && !isChosen}
                            label={t('customer.payItems.quantity', { name: line.name })}
                            decreaseLabel={t('customer.payItems.decrease', { name: line.name })}
                            increaseLabel={t('customer.payItems.increase', { name: line.name })}
                            testId="quantity-stepper"
                          />
                        </div>
                      ) : null}
                    </li>
                  )
                })}
              </ul>
            </section>
          ))}

          <div className="sticky bottom-0 -mx-4 grid gap-3 border-t border-stone-200 bg-stone-50/95 p-4 backdrop-blur dark:border-stone-700 dark:bg-stone-950/95">
            <div className="flex items-center justify-between text-lg font-bold">
              <span>{t('customer.payItems.yourTotal')}</span>
              <span className="tabular-nums" data-testid="pay-items-total">
                {price(total)}
              </span>
            </div>
            {/* Before the order's button, so Enter in a quantity without JavaScript draws the total again. */}
            {hydrated ? null : (
              <button
                type="submit"
                formMethod="get"
                name="update"
                value="1"
                className={`${buttonClass.secondary} w-full`}
                data-testid="pay-items-update"
              >
                {t('common.update')}
              </button>
            )}
            <button
              type="submit"
              className={`${buttonClass.primary} w-full`}
              disabled={(hydrated && count === 0) || pending}
              data-testid="pay-items-confirm"
            >
              {hydrated ? t('customer.payItems.confirm', { count }) : t('customer.payItems.continue')}
            </button>
          </div>
        </Form>
      )}
    </CustomerShell>
  )
}
