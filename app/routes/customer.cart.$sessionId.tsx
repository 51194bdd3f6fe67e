import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect } from 'react'
import { cartCharge, cartLineKey, cartTotals, removeFromCart } from '~/domain/cart'
import { priceOrder } from '~/domain/order-pricing'
import { placeOrderFormSchema } from '~/domain/schemas/items'
import { addOrder } from '~/server/bill-writes.server'
import { dinerHeader, loadBill } from '~/server/customer.server'
import { getDb } from '~/server/db/client.server'
import { readOwnerMenu } from '~/server/menu.server'
import { tooManyForm } from '~/server/rate-limit.server'
import { redirectWithToast } from '~/server/toast.server'
import { limitText } from '~/server/write-result.server'
import { buttonClass } from '~/ui/button'
import { customerPath } from '~/domain/customer-paths'
import { CustomerShell } from '~/ui/customer/shell'
import { useCart } from '~/ui/customer/use-cart'
import { useI18n } from '~/ui/i18n'
import { useToast } from '~/ui/toaster'
import { useHydrated } from '~/ui/use-hydrated'

export const meta: MetaFunction = () => [{ title: 'Mesa' }]

export async function loader({ params, context }: LoaderFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  return { ...dinerHeader(bill), tax: { taxRateBps: bill.taxRateBps, taxIncludedInPrice: bill.taxIncludedInPrice } }
}

/** Puts the whole cart on the table's bill in one write, priced from the menu (never from the phone). */
export async function action({ params, context, request }: ActionFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  const submission = parseWithZod(await request.formData(), { schema: placeOrderFormSchema })
  const refuse = (status: number) => data(submission.reply({ formErrors: ['customer.cart.failedText'] }), { status })
  if (submission.status !== 'success') return refuse(400)
  const { customerName, items } = submission.value
  const menu = new Map((await readOwnerMenu(getDb(context.cloudflare.env.DB), bill.userId)).flatMap((category) => category.items.map((item) => [item.id, item])))
  // Priced here by the same rule the bill's object applies, so a cart the menu no longer allows is refused before it is sent.
  const priced = priceOrder(
    items.map((item) => ({ ...item, name: '', description: menu.get(item.menuItemId)?.description ?? null, price: 0, category: 'Order', customerName })),
    menu,
    { freePrices: false },
  )
  if (!priced.ok) return refuse(400)
  const lines = priced.lines.map(({ menuItemId, priceCents, ...line }) => ({ ...line, menuItemId: menuItemId ?? undefined, price: priceCents }))
  const result = await addOrder(context.cloudflare.env, { tableId: bill.tableId, sessionId: bill.sessionId, items: lines }, { staffUserId: null, address: context.clientAddress })
  if (result.ok) return redirectWithToast(customerPath.bill(bill.sessionId), { title: 'customer.cart.placedTitle', description: 'customer.cart.placedText' })
  if (!result.limit) return refuse(result.status)
  return tooManyForm(submission, request, result.limit, { words: await limitText(request, result.limit, result.code) })
}

export default function Cart() {
  const { sessionId: sid, restaurantName, tableNumber, tax } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { t, money } = useI18n()
  const toast = useToast()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const cart = useCart(sid)
  const totals = cartTotals(cart.lines)
  const charge = cartCharge(totals.subtotal, tax)
  const billPath = customerPath.bill(sid)
  const placing = navigation.state === 'submitting' && navigation.formAction === customerPath.cart(sid)
  const { save } = cart

  // The order is on the bill once the action redirects there; only then is the cart emptied.
  useEffect(() => {
    if (navigation.state === 'loading' && navigation.formMethod && navigation.location.pathname === billPath) save([])
  }, [navigation, billPath, save])

  useEffect(() => {
    const failed = lastResult?.error?.['']?.[0]
    if (failed) toast({ title: 'customer.cart.failedTitle', description: failed, variant: 'destructive' })
  }, [lastResult, toast])

  return (
    <CustomerShell restaurantName={restaurantName} tableNumber={tableNumber} backTo={customerPath.menu(sid)} closeTo={billPath} title={t('customer.cart.title')}>
      {!hydrated ? (
        <div aria-hidden="true" className="h-40 animate-pulse rounded-2xl bg-stone-200" />
      ) : cart.lines.length === 0 ? (
        <div className="grid gap-4 rounded-2xl bg-white p-6 text-center shadow-sm" data-testid="cart-empty">
          <p className="text-lg font-bold">{t('customer.cart.emptyTitle')}</p>
          <Link to={customerPath.menu(sid)} className={buttonClass.primary}>
            {t('customer.cart.viewMenu')}
          </Link>
        </div>
      ) : (
        <Form method="post" className="grid gap-5">
          <ul className="divide-y divide-stone-200 overflow-hidden rounded-2xl bg-white shadow-sm" data-testid="cart-lines">
            {cart.lines.map((line, index) => (
              <li key={cartLineKey(line)} className="flex items-center gap-3 p-4" data-testid="cart-line">
                <input type="hidden" name={`items[${index}].menuItemId`} value={line.menuItemId} />
                <input type="hidden" name={`items[${index}].quantity`} value={line.quantity} />
                {line.optionIds.map((optionId, option) => (
                  <input key={optionId} type="hidden" name={`items[${index}].optionIds[${option}]`} value={optionId} />
                ))}
                <span className="min-w-8 font-semibold tabular-nums text-stone-700">{line.quantity}×</span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{line.name}</span>
                  {line.details ? <span className="block text-sm text-stone-600">{line.details}</span> : null}
                </span>
                <span className="font-semibold tabular-nums">{money(line.priceCents * line.quantity)}</span>
                <button
                  type="button"
                  className={buttonClass.icon}
                  aria-label={t('customer.cart.remove', { name: line.name })}
                  onClick={() => save(removeFromCart(cart.lines, cartLineKey(line)))}
                  disabled={placing}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </li>
            ))}
          </ul>

          <dl className="space-y-1 rounded-2xl bg-white p-4 shadow-sm">
            <div className="flex justify-between">
              <dt className="text-stone-600">{t('customer.cart.subtotal')}</dt>
              <dd className="tabular-nums" data-testid="cart-subtotal">{money(totals.subtotal)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-stone-600">{t(charge.taxIncluded ? 'customer.cart.tax' : 'customer.cart.taxOnTop', { rate: charge.taxRatePercent })}</dt>
              <dd className="text-right tabular-nums" data-testid="cart-tax">
                {charge.taxIncluded ? t('customer.cart.taxIncluded') : money(charge.taxAdded)}
              </dd>
            </div>
            <div className="flex justify-between border-t border-stone-200 pt-2 text-lg font-bold">
              <dt>{t('customer.cart.total')}</dt>
              <dd className="tabular-nums" data-testid="cart-total">{money(charge.total)}</dd>
            </div>
          </dl>

          <label className="grid gap-1 font-semibold">
            {t('customer.cart.name')}
            <input name="customerName" maxLength={60} autoComplete="given-name" className="min-h-12 rounded-xl border border-stone-300 bg-white px-4 font-normal" />
            <span className="text-sm font-normal text-stone-600">{t('customer.cart.nameHint')}</span>
          </label>

          <button type="submit" className={`${buttonClass.primary} w-full`} disabled={placing} data-testid="place-order">
            {placing ? t('customer.cart.placing') : t('customer.cart.placeOrder', { total: money(charge.total) })}
          </button>
        </Form>
      )}
    </CustomerShell>
  )
}
