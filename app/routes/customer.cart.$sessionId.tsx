import { statusOf } from '~/server/http/errors.server'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import {
  cartCharge,
  cartCookie,
  cartFromCookies,
  cartLineKey,
  cartTotals,
  dinerCart,
  MAX_LINE_QUANTITY,
  priceCart,
  removeFromCart,
  setCartQuantity,
} from '~/domain/cart'
import { menuInLanguage } from '~/domain/menu-language'
import { menuById, priceOrder } from '~/domain/order-pricing'
import { placeOrderFormSchema, removeFromCartFormSchema } from '~/domain/schemas/items'
import { addOrder } from '~/server/bills/bill-writes.server'
import { dinerHeader, loadBill } from '~/server/bills/diner-bill.server'
import { keepDinerName, keptDinerName } from '~/server/bills/diner-name.server'
import { rememberOrderedHere } from '~/server/bills/ordered-here.server'
import { getDb } from '~/server/db/client.server'
import { getLanguage, getT } from '~/server/http/i18n.server'
import { readDinerMenu, readOwnerMenu } from '~/server/menus/diner-menu.server'
import { tooManyForm } from '~/server/http/rate-limit.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { limitText } from '~/server/bills/write-result.server'
import { pageTitle } from '~/ui/page-title'
import { buttonClass } from '~/ui/button'
import { newOrderId } from '~/domain/ids'
import { customerPath } from '~/domain/customer-paths'
import { CustomerShell } from '~/ui/customer/shell'
import { useCart } from '~/ui/customer/use-cart'
import { ErrorList } from '~/ui/forms'
import { useShownPrice } from '~/ui/customer/shown-price'
import { useI18n } from '~/ui/i18n'
import { Stepper } from '~/ui/stepper'
import { useHydrated } from '~/ui/use-hydrated'

export const meta: MetaFunction<typeof loader> = (args) =>
  pageTitle(args, (t) => ({ page: t('customer.cart.title'), ...args.data }))

/** The cart as its cookie holds it, priced by the menu as it is now, its dishes named in the diner's language. */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  const menu = menuById(
    await readDinerMenu(getDb(context.cloudflare.env.DB), bill.restaurantId, await getLanguage(request)),
  )
  return {
    ...dinerHeader(bill),
    lines: priceCart(cartFromCookies(request.headers.get('Cookie'), dinerCart(bill.sessionId)).entries, menu),
    orderId: newOrderId(),
    dinerName: await keptDinerName(request),
  }
}

/**
 * Puts the whole cart on the table's bill in one write, priced from the menu
 * (never from the phone), and takes the ordered lines out of the cart. Without
 * JavaScript it also takes a line off (`remove`) and keeps typed quantities
 * (`intent=update`), each time drawing the cart again from its cookie.
 */
export async function action({ params, context, request }: ActionFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  const form = await request.formData()
  const kept = cartFromCookies(request.headers.get('Cookie'), dinerCart(bill.sessionId)).entries
  const keep = (entries: typeof kept, search = '') =>
    redirect(`${customerPath.cart(bill.sessionId)}${search}`, {
      headers: { 'Set-Cookie': cartCookie(dinerCart(bill.sessionId), { entries }) },
    })
  if (form.has('remove')) {
    const removal = parseWithZod(form, { schema: removeFromCartFormSchema })
    return keep(removal.status === 'success' ? removeFromCart(kept, removal.value.remove) : kept)
  }
  const submission = parseWithZod(form, { schema: placeOrderFormSchema })
  const refuse = (status: number, message = 'customer.cart.failedText') =>
    data(submission.reply({ formErrors: [message] }), { status })
  if (submission.status !== 'success') return refuse(400)
  const { intent, customerName, items, orderId } = submission.value
  if (intent === 'update') {
    // The name typed so far comes back with the cart.
    return keep(
      items.reduce((entries, item) => setCartQuantity(entries, cartLineKey(item), item.quantity), kept),
      customerName ? `?${new URLSearchParams({ name: customerName })}` : '',
    )
  }
  const categories = await readOwnerMenu(getDb(context.cloudflare.env.DB), bill.restaurantId)
  const menu = menuById(categories)
  // Priced here by the same rule the bill's object applies, so a cart the menu no longer allows is refused before it is sent.
  const priced = priceOrder(
    items.map((item) => ({
      ...item,
      name: '',
      description: menu.get(item.menuItemId)?.description ?? null,
      price: 0,
      category: 'Order',
      customerName,
    })),
    menu,
    { freePrices: false },
  )
  if (!priced.ok)
    return priced.code === 'SOLD_OUT' ? refuse(409, await soldOutText(request, items, categories)) : refuse(400)
  const lines = priced.lines.map(({ menuItemId, priceCents, ...line }) => ({
    ...line,
    menuItemId: menuItemId ?? undefined,
    price: priceCents,
  }))
  const result = await addOrder(
    context.cloudflare.env,
    { tableId: bill.tableId, sessionId: bill.sessionId, orderId, items: lines },
    { staff: null, address: context.clientAddress },
  )
  // Sold out since this action read the menu: the bill's object read it again.
  if (!result.ok && result.code === 'SOLD_OUT')
    return refuse(
      409,
      await soldOutText(request, items, await readOwnerMenu(getDb(context.cloudflare.env.DB), bill.restaurantId)),
    )
  if (result.ok) {
    const ordered = new Set(items.map(cartLineKey))
    const headers = new Headers()
    headers.append(
      'Set-Cookie',
      cartCookie(dinerCart(bill.sessionId), { entries: kept.filter((entry) => !ordered.has(cartLineKey(entry))) }),
    )
    headers.append('Set-Cookie', await keepDinerName(customerName))
    headers.append(
      'Set-Cookie',
      await rememberOrderedHere(
        request,
        bill.sessionId,
        result.lines.map((line) => line.id),
      ),
    )
    return redirectWithToast(
      customerPath.bill(bill.sessionId),
      { title: 'customer.cart.placedTitle', description: 'customer.cart.placedText' },
      { headers },
    )
  }
  if (!result.limit) return refuse(statusOf(result.code))
  return tooManyForm(submission, request, result.limit, { words: await limitText(request, result.limit, result.code) })
}

/** The refusal of an order with sold-out lines, naming them as the cart does, in the diner's language. */
async function soldOutText(
  request: Request,
  items: readonly { menuItemId: string }[],
  categories: Awaited<ReturnType<typeof readOwnerMenu>>,
) {
  const menu = menuById(menuInLanguage(categories, await getLanguage(request)))
  const names = [
    ...new Set(
      items.flatMap((item) => (menu.get(item.menuItemId)?.soldOut ? [menu.get(item.menuItemId)?.name ?? ''] : [])),
    ),
  ]
  const t = await getT(request)
  return t('customer.cart.soldOut', { names: names.join(', '), count: names.length })
}

/** Lines of the cart taken off without JavaScript post here, apart from the order, so Enter in a field never removes one. */
const REMOVE_FORM = 'cart-remove'

export default function Cart() {
  const {
    sessionId: sid,
    restaurantName,
    tableNumber,
    tax,
    lines: drawn,
    orderId,
    dinerName,
  } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { t, money } = useI18n()
  const price = useShownPrice(tax)
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const [searchParams] = useSearchParams()
  const cart = useCart(sid, drawn)
  // The lines as drawn, at the quantities the diner has since chosen; a line added in another tab meanwhile shows on the next visit.
  const priced = new Map(drawn.map((line) => [cartLineKey(line), line]))
  const lines = cart.entries.flatMap((entry) => {
    const line = priced.get(cartLineKey(entry))
    return line ? [{ ...line, quantity: entry.quantity }] : []
  })
  const totals = cartTotals(lines)
  const charge = cartCharge(totals.subtotal, tax)
  const billPath = customerPath.bill(sid)
  const placing = navigation.state === 'submitting' && navigation.formAction === customerPath.cart(sid)
  const { entries, save } = cart

  return (
    <CustomerShell
      restaurantName={restaurantName}
      tableNumber={tableNumber}
      backTo={customerPath.menu(sid)}
      closeTo={billPath}
      title={t('customer.cart.title')}
    >
      {lines.length === 0 ? (
        <div
          className="grid gap-4 rounded-2xl bg-white p-6 text-center shadow-sm dark:bg-stone-900"
          data-testid="cart-empty"
        >
          <p className="text-lg font-bold">{t('customer.cart.emptyTitle')}</p>
          <Link to={customerPath.menu(sid)} className={buttonClass.primary}>
            {t('customer.cart.viewMenu')}
          </Link>
        </div>
      ) : (
        <>
          <Form method="post" className="grid gap-5">
            <input type="hidden" name="orderId" value={orderId} />
            <ul
              className="divide-y divide-stone-200 overflow-hidden rounded-2xl bg-white shadow-sm dark:divide-stone-700 dark:bg-stone-900"
              data-testid="cart-lines"
            >
              {lines.map((line, index) => {
                const key = cartLineKey(line)
                return (
                  <li key={key} className="grid gap-3 p-4" data-testid="cart-line">
                    <input type="hidden" name={`items[${index}].menuItemId`} value={line.menuItemId} />
                    {line.optionIds.map((optionId, option) => (
                      <input
                        key={optionId}
                        type="hidden"
                        name={`items[${index}].optionIds[${option}]`}
                        value={optionId}
                      />
                    ))}
                    {line.note ? <input type="hidden" name={`items[${index}].note`} value={line.note} /> : null}
                    <div className="flex items-start gap-3">
                      <span className="min-w-0 flex-1">
                        <span className="block font-semibold">{line.name}</span>
                        {line.details ? (
                          <span className="block text-sm text-stone-600 dark:text-stone-400">{line.details}</span>
                        ) : null}
                        {line.note ? (
                          <span
                            className="block text-sm text-stone-700 italic dark:text-stone-300"
                            data-testid="cart-line-note"
                          >
                            {t('customer.cart.note', { note: line.note })}
                          </span>
                        ) : null}
                        {line.soldOut ? (
                          <span
                            className="mt-1 block text-sm font-bold text-amber-900 dark:text-amber-100"
                            data-testid="cart-line-sold-out"
                          >
                            {t('customer.cart.lineSoldOut')}
                          </span>
                        ) : null}
                      </span>
                      <button
                        type="submit"
                        form={REMOVE_FORM}
                        name="remove"
                        value={key}
                        className={`${buttonClass.icon} -mt-2 -mr-2 shrink-0`}
                        aria-label={t('customer.cart.remove', { name: line.name })}
                        onClick={(event) => {
                          event.preventDefault()
                          save(removeFromCart(entries, key))
                        }}
                        disabled={placing}
                      >
                        <span aria-hidden="true">✕</span>
                      </button>
                    </div>
                    <div className="flex items-center justify-between gap-3">
                      <Stepper
                        name={`items[${index}].quantity`}
                        value={line.quantity}
                        min={1}
                        max={MAX_LINE_QUANTITY}
                        onChange={(quantity) => save(setCartQuantity(entries, key, quantity))}
                        disabled={placing}
                        label={t('customer.cart.quantity', { name: line.name })}
                        decreaseLabel={t('customer.cart.decrease', { name: line.name })}
                        increaseLabel={t('customer.cart.increase', { name: line.name })}
                        testId="cart-quantity"
                      />
                      {/* The line's total, as the bill will show it beside "3×"; the price of one under it. */}
                      <span className="text-right">
                        <span
                          className={`block font-semibold tabular-nums ${line.soldOut ? 'text-stone-500 line-through' : ''}`}
                          data-testid="cart-line-total"
                        >
                          {price(line.priceCents * line.quantity)}
                        </span>
                        {line.quantity > 1 ? (
                          <span
                            className="block text-sm text-stone-600 tabular-nums dark:text-stone-400"
                            data-testid="cart-line-each"
                          >
                            {price(line.priceCents)} {t('customer.menu.unit.each')}
                          </span>
                        ) : null}
                      </span>
                    </div>
                  </li>
                )
              })}
            </ul>

            {/* First of the order's buttons, so Enter in a quantity without JavaScript draws the figures again rather than ordering. */}
            {hydrated ? null : (
              <button
                type="submit"
                name="intent"
                value="update"
                className={`${buttonClass.secondary} w-full`}
                data-testid="cart-update"
              >
                {t('common.update')}
              </button>
            )}

            <dl className="space-y-1 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900">
              {/* Prices shown with their IVA (it added on top) need no subtotal without it: the IVA is the total's breakdown. */}
              {charge.taxIncluded ? (
                <div className="flex justify-between">
                  <dt className="text-stone-600 dark:text-stone-400">{t('customer.cart.subtotal')}</dt>
                  <dd className="tabular-nums" data-testid="cart-subtotal">
                    {money(totals.subtotal)}
                  </dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-3">
                <dt className="text-stone-600 dark:text-stone-400">
                  {t(charge.taxIncluded ? 'customer.cart.tax' : 'customer.cart.taxOnTop', {
                    rate: charge.taxRatePercent,
                  })}
                </dt>
                <dd className="text-right tabular-nums" data-testid="cart-tax">
                  {charge.taxIncluded ? t('customer.cart.taxIncluded') : money(charge.taxAdded)}
                </dd>
              </div>
              <div className="flex justify-between border-t border-stone-200 pt-2 text-lg font-bold dark:border-stone-700">
                <dt>{t('customer.cart.total')}</dt>
                <dd className="tabular-nums" data-testid="cart-total">
                  {money(charge.total)}
                </dd>
              </div>
            </dl>

            <label className="grid gap-1 font-semibold">
              {t('customer.cart.name')}
              <input
                name="customerName"
                maxLength={60}
                autoComplete="given-name"
                defaultValue={searchParams.get('name') ?? dinerName}
                className="min-h-12 rounded-xl border border-stone-300 bg-white px-4 font-normal dark:border-stone-600 dark:bg-stone-950"
              />
              <span className="text-sm font-normal text-stone-600 dark:text-stone-400">
                {t('customer.cart.nameHint')}
              </span>
            </label>

            <ErrorList errors={lastResult?.error?.['']} alert testId="cart-error" />

            <button
              type="submit"
              name="intent"
              value="order"
              className={`${buttonClass.primary} w-full`}
              disabled={placing}
              data-testid="place-order"
            >
              {placing ? t('customer.cart.placing') : t('customer.cart.placeOrder', { total: money(charge.total) })}
            </button>
          </Form>
          <form id={REMOVE_FORM} method="post" />
        </>
      )}
    </CustomerShell>
  )
}
