import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Link, useActionData, useLoaderData, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import {
  addChosenItem,
  addToCart,
  cartCookie,
  cartFromCookies,
  cartLineLabel,
  cartTotals,
  dinerCart,
  priceCart,
} from '~/domain/cart'
import { shownText } from '~/domain/menu-language'
import { menuById } from '~/domain/order-pricing'
import { addToCartFormSchema } from '~/domain/schemas/items'
import { dinerHeader, loadBill } from '~/server/bills/diner-bill.server'
import { getDb } from '~/server/db/client.server'
import { getLanguage } from '~/server/http/i18n.server'
import { readDinerMenu, readOwnerMenu, readOwnerMenuPdfs } from '~/server/menus/diner-menu.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { noteBrowsing } from '~/server/tables/browsing.server'
import { pageTitle } from '~/ui/page-title'
import { buttonClass } from '~/ui/button'
import { customerPath } from '~/domain/customer-paths'
import { choiceInUrl, ItemChooser, SoldOutNotice, type ItemChoice } from '~/ui/item-chooser'
import { CustomerShell } from '~/ui/customer/shell'
import { DishPhoto } from '~/ui/dish-photo'
import { DishTags } from '~/ui/dish-tags'
import { useCart } from '~/ui/customer/use-cart'
import { useI18n } from '~/ui/i18n'
import { Sheet } from '~/ui/sheet'
import { unlessOnlySearchChanged } from '~/ui/revalidate'
import { useToast } from '~/ui/toaster'

export const meta: MetaFunction<typeof loader> = (args) =>
  pageTitle(args, (t) => ({ page: t('customer.menu.title'), ...args.data }))

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  noteBrowsing(context, bill)
  const db = getDb(context.cloudflare.env.DB)
  const language = await getLanguage(request)
  const [categories, pdfs] = await Promise.all([
    readDinerMenu(db, bill.userId, language),
    readOwnerMenuPdfs(db, bill.userId),
  ])
  return {
    ...dinerHeader(bill),
    categories,
    pdfs,
    cart: cartFromCookies(request.headers.get('Cookie'), dinerCart(bill.sessionId)).entries,
  }
}

/** The page an item was added from, at that item. */
const menuAt = (sessionId: string, category: string | null, itemId?: string) =>
  `${customerPath.menu(sessionId)}${category ? `?category=${encodeURIComponent(category)}` : ''}${itemId ? `#item-${itemId}` : ''}`

/** How an added line is told to the diner: '2 × Taco al pastor (Salsa: Verde)'. */
const addedLabel = (name: string, choice: Pick<ItemChoice, 'summary' | 'quantity'>) =>
  `${choice.quantity > 1 ? `${choice.quantity} × ` : ''}${cartLineLabel({ name, details: choice.summary })}`

/**
 * Adds an item from its sheet without JavaScript (how many, its options and
 * note), checked by the menu as the phone would: the cart's cookie is
 * written and the diner is back on the menu, told what was added; a required
 * choice left out brings the sheet back with it named, and a sold-out item
 * is refused.
 */
export async function action({ params, context, request }: ActionFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  const category = new URL(request.url).searchParams.get('category')
  const submission = parseWithZod(await request.formData(), { schema: addToCartFormSchema })
  const itemGone = () =>
    redirectWithToast(menuAt(bill.sessionId, category), { title: 'customer.menu.itemGone', variant: 'destructive' })
  if (submission.status !== 'success') return itemGone()
  const { options, quantity, note } = submission.value
  const item = menuById(await readOwnerMenu(getDb(context.cloudflare.env.DB), bill.userId)).get(submission.value.item)
  const added = addChosenItem(cartFromCookies(request.headers.get('Cookie'), dinerCart(bill.sessionId)).entries, item, {
    optionIds: options,
    quantity,
    note,
  })
  if (!item || (!added.ok && added.reason === 'gone')) return itemGone()
  if (!added.ok && added.reason === 'missing')
    return data({ missing: added.groupId, optionIds: options, quantity, note }, { status: 400 })
  const { name } = shownText(item, await getLanguage(request))
  if (!added.ok)
    return redirectWithToast(menuAt(bill.sessionId, category, item.id), {
      title: added.reason === 'sold-out' ? 'customer.menu.soldOutToast' : 'customer.menu.cartFull',
      description: added.reason === 'sold-out' ? name : undefined,
      variant: 'destructive',
    })
  return redirectWithToast(
    menuAt(bill.sessionId, category, item.id),
    { title: 'customer.menu.itemAdded', description: addedLabel(name, { summary: added.summary, quantity }) },
    { headers: { 'Set-Cookie': cartCookie(dinerCart(bill.sessionId), { entries: added.entries }) } },
  )
}

export const shouldRevalidate = unlessOnlySearchChanged

export default function Menu() {
  const { sessionId: sid, restaurantName, tableNumber, categories, pdfs, cart: drawn } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  const { t, money } = useI18n()
  const toast = useToast()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const cart = useCart(sid, drawn)
  const menu = menuById(categories)
  const totals = cartTotals(priceCart(cart.entries, menu))
  const active = categories.find((category) => category.id === searchParams.get('category')) ?? categories[0]
  const activeTab = useRef<HTMLAnchorElement>(null)
  const here = active ? `?category=${encodeURIComponent(active.id)}` : '?'
  const choosing = categories.flatMap((category) => category.items).find((item) => item.id === searchParams.get('item'))

  const add = (itemId: string, choice: ItemChoice) => {
    const item = menu.get(itemId)
    const next =
      item &&
      addToCart(cart.entries, { menuItemId: item.id, optionIds: choice.optionIds, note: choice.note }, choice.quantity)
    if (!item || !next) return toast({ title: 'customer.menu.cartFull', variant: 'destructive' })
    cart.save(next)
    toast({ title: 'customer.menu.itemAdded', description: addedLabel(item.name, choice) })
  }

  // A tab chosen by link (or a reload) may sit off to the right; bring it in without moving the page.
  useEffect(() => {
    const tab = activeTab.current
    const strip = tab?.closest('nav')
    if (!tab || !strip) return
    const offset = tab.getBoundingClientRect().left - strip.getBoundingClientRect().left
    if (offset < 0 || offset + tab.offsetWidth > strip.clientWidth)
      strip.scrollTo({ left: strip.scrollLeft + offset - 16 })
  }, [active?.id])

  const cartButton = (
    <Link
      to={customerPath.cart(sid)}
      onClick={(event) => {
        if (totals.count > 0) return
        event.preventDefault()
        toast({ title: 'customer.menu.cartEmptyToast' })
      }}
      className={`${buttonClass.icon} relative`}
      aria-label={t('customer.menu.cartCount', { count: totals.count })}
      data-testid="cart-button"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
        <path d="M2 3h3l2.7 12.4a1.5 1.5 0 0 0 1.5 1.1h8.6a1.5 1.5 0 0 0 1.5-1.1L21 7H6" />
      </svg>
      {totals.count > 0 ? (
        <span
          className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-emerald-700 px-1 text-xs font-bold text-white"
          data-testid="cart-badge"
        >
          {totals.count}
        </span>
      ) : null}
    </Link>
  )

  return (
    <CustomerShell
      restaurantName={restaurantName}
      tableNumber={tableNumber}
      backTo={customerPath.bill(sid)}
      title={t('customer.menu.title')}
      actions={cartButton}
      bottomBar={
        totals.count > 0 ? (
          <div
            className="fixed inset-x-0 bottom-0 z-10 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur dark:border-stone-700 dark:bg-stone-900/95"
            data-testid="menu-bar"
          >
            <div className="mx-auto flex max-w-xl items-center gap-3 p-3">
              <div className="flex-1">
                <p className="text-sm text-stone-600 dark:text-stone-400">
                  {t('customer.menu.items', { count: totals.count })}
                </p>
                <p className="text-lg font-bold tabular-nums">{money(totals.subtotal)}</p>
              </div>
              <Link
                to={customerPath.cart(sid)}
                className={`${buttonClass.primary} flex-1`}
                data-testid="menu-place-order"
              >
                {t('customer.menu.placeOrder')}
              </Link>
            </div>
          </div>
        ) : undefined
      }
    >
      {categories.length === 0 || !active ? (
        <div
          className="grid gap-3 rounded-2xl bg-white p-6 text-center shadow-sm dark:bg-stone-900"
          data-testid="no-menu"
        >
          <p className="text-lg font-bold">{t('customer.menu.noMenuTitle')}</p>
          <p className="text-stone-600 dark:text-stone-400">{t('customer.menu.noMenuText')}</p>
          <Link to={customerPath.bill(sid)} className={buttonClass.secondary}>
            {t('customer.menu.viewBill')}
          </Link>
        </div>
      ) : (
        <>
          <nav aria-label={t('customer.menu.categories')} className="-mx-4 overflow-x-auto px-4 pb-2">
            <ul className="flex gap-2">
              {categories.map((category) => {
                const current = category.id === active.id
                return (
                  <li key={category.id}>
                    <Link
                      to={`?category=${encodeURIComponent(category.id)}`}
                      replace
                      preventScrollReset
                      aria-current={current ? 'page' : undefined}
                      ref={current ? activeTab : undefined}
                      className={`inline-flex min-h-11 items-center rounded-full border px-4 font-semibold whitespace-nowrap ${
                        current
                          ? 'border-emerald-800 bg-emerald-800 text-white dark:border-emerald-500'
                          : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-200 dark:hover:bg-stone-800'
                      }`}
                    >
                      {category.name}
                    </Link>
                  </li>
                )
              })}
            </ul>
          </nav>

          <section aria-labelledby="category-heading" className="mt-3">
            <h2 id="category-heading" className="sr-only" lang={active.nameLang}>
              {active.name}
            </h2>
            {active.description ? (
              <p className="mb-3 text-stone-600 dark:text-stone-400" lang={active.descriptionLang}>
                {active.description}
              </p>
            ) : null}
            {active.items.length === 0 ? (
              <p
                className="rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm dark:bg-stone-900 dark:text-stone-400"
                data-testid="empty-category"
              >
                {t('customer.menu.emptyCategory')}
              </p>
            ) : (
              <ul className="grid gap-3" data-testid="menu-items">
                {active.items.map((item, index) => (
                  <li
                    key={item.id}
                    id={`item-${item.id}`}
                    className="grid scroll-mt-24 gap-3 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900"
                    data-testid="menu-item"
                  >
                    <div className="flex items-start gap-3">
                      <div className="min-w-0 flex-1">
                        <p className="font-semibold" lang={item.nameLang}>
                          {item.name}
                        </p>
                        {item.description ? (
                          <p className="text-sm text-stone-600 dark:text-stone-400" lang={item.descriptionLang}>
                            {item.description}
                          </p>
                        ) : null}
                        {item.modifierGroups.length > 0 ? (
                          <p className="mt-1 text-xs font-semibold text-emerald-800 dark:text-emerald-400">
                            {t('customer.menu.customizable')}
                          </p>
                        ) : null}
                        {item.tags.length > 0 ? (
                          <div className="mt-2">
                            <DishTags tags={item.tags} />
                          </div>
                        ) : null}
                      </div>
                      {item.photo ? (
                        // The first few are on screen when the page opens; the rest load as the diner scrolls to them.
                        <DishPhoto
                          photo={item.photo}
                          alt={item.name}
                          displayWidth={80}
                          sizes="80px"
                          lazy={index >= 3}
                          className="size-20 shrink-0 rounded-xl bg-stone-100 object-cover dark:bg-stone-800"
                        />
                      ) : null}
                    </div>
                    <div className="flex items-center justify-between gap-3">
                      <p
                        className={`text-lg font-semibold tabular-nums ${item.soldOut ? 'text-stone-500 line-through' : ''}`}
                      >
                        {money(item.priceCents)}
                      </p>
                      {item.soldOut ? (
                        <p
                          className="rounded-full bg-amber-100 px-3 py-1 text-sm font-bold text-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
                          data-testid="sold-out"
                        >
                          {t('customer.menu.soldOut')}
                        </p>
                      ) : (
                        <Link
                          to={`${here}&item=${encodeURIComponent(item.id)}`}
                          replace
                          preventScrollReset
                          className={`${buttonClass.secondary} px-4`}
                          data-testid="choose-options"
                        >
                          {t('customer.menu.addToOrder')}
                        </Link>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      {pdfs.length > 0 ? (
        <ul className="mt-6 grid gap-2" data-testid="menu-pdfs">
          {pdfs.map((pdf) => (
            <li key={pdf.url}>
              <a href={pdf.url} target="_blank" rel="noreferrer" className={`${buttonClass.secondary} w-full`}>
                {t('customer.menu.pdfMenu')}
                {pdfs.length > 1 ? ` · ${pdf.name}` : ''}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <Sheet
        open={Boolean(choosing)}
        closeTo={here}
        title={
          choosing
            ? choosing.modifierGroups.length > 0
              ? `${choosing.name} · ${t('customer.menu.chooseOptions')}`
              : choosing.name
            : ''
        }
      >
        {choosing?.photo ? (
          <DishPhoto
            photo={choosing.photo}
            alt={choosing.name}
            displayWidth={480}
            sizes="(min-width: 576px) 536px, calc(100vw - 40px)"
            lazy={false}
            className="mb-3 h-auto max-h-48 w-full rounded-2xl bg-stone-100 object-cover dark:bg-stone-800"
          />
        ) : null}
        {choosing?.description ? (
          <p className="mb-3 text-stone-600 dark:text-stone-400" lang={choosing.descriptionLang}>
            {choosing.description}
          </p>
        ) : null}
        {choosing && choosing.tags.length > 0 ? (
          <div className="mb-3">
            <DishTags tags={choosing.tags} />
          </div>
        ) : null}
        {choosing?.soldOut ? (
          <SoldOutNotice text={t('customer.menu.soldOutText')} />
        ) : choosing ? (
          <ItemChooser
            key={choosing.id}
            groups={choosing.modifierGroups}
            basePriceCents={choosing.priceCents}
            fields={{ category: active?.id ?? '', item: choosing.id }}
            initial={refused ?? choiceInUrl(choosing.modifierGroups, searchParams)}
            missing={refused?.missing}
            onAdd={(choice) => {
              add(choosing.id, choice)
              navigate(here, { replace: true, preventScrollReset: true })
            }}
          />
        ) : null}
      </Sheet>
    </CustomerShell>
  )
}
