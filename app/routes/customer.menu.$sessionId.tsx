import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { Link, useActionData, useLoaderData, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import {
  addChosenItem,
  addToCart,
  cartCookie,
  cartFromCookies,
  cartLineKey,
  cartLineLabel,
  cartTotals,
  dinerCart,
  dishQuantity,
  priceCart,
  takeOneOff,
} from '~/domain/cart'
import { findDishes, offersSearch } from '~/domain/menu-search'
import { checkChoice, oneTapChoice } from '~/domain/modifiers'
import { menuById } from '~/domain/order-pricing'
import { addToCartFormSchema, takeOneFormSchema } from '~/domain/schemas/items'
import { dinerHeader, loadBill } from '~/server/bills/diner-bill.server'
import { getDb } from '~/server/db/client.server'
import { getLanguage } from '~/server/http/i18n.server'
import { readDinerMenu, readOwnerMenuPdfs, type DinerDish } from '~/server/menus/diner-menu.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { noteBrowsing } from '~/server/tables/browsing.server'
import { pageTitle } from '~/ui/page-title'
import { buttonClass } from '~/ui/button'
import { customerPath } from '~/domain/customer-paths'
import { choiceInUrl, ItemChooser, SoldOutNotice, type ItemChoice } from '~/ui/item-chooser'
import { CategoryChips, categoryAnchor, MENU_END } from '~/ui/customer/category-chips'
import { CustomerShell } from '~/ui/customer/shell'
import { DishPhoto } from '~/ui/dish-photo'
import { CartButton } from '~/ui/customer/cart-button'
import { MenuDish, type OneTap } from '~/ui/customer/menu-dish'
import { DishTags } from '~/ui/dish-tags'
import { useCart } from '~/ui/customer/use-cart'
import { useShownPrice } from '~/ui/customer/shown-price'
import { useI18n } from '~/ui/i18n'
import { Sheet } from '~/ui/sheet'
import { unlessOnlySearchChanged } from '~/ui/revalidate'
import { useToast } from '~/ui/toaster'
import { useHydrated } from '~/ui/use-hydrated'

export const meta: MetaFunction<typeof loader> = (args) =>
  pageTitle(args, (t) => ({ page: t('customer.menu.title'), ...args.data }))

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  // The menu was one category a page: an old link to one lands on its section of the whole menu.
  const url = new URL(request.url)
  const category = url.searchParams.get('category')
  if (category !== null) {
    url.searchParams.delete('category')
    throw redirect(`${url.pathname}${url.search}#${categoryAnchor(category)}`)
  }
  noteBrowsing(context, bill)
  const db = getDb(context.cloudflare.env.DB)
  const language = await getLanguage(request)
  const [categories, pdfs] = await Promise.all([
    readDinerMenu(db, bill.restaurantId, language),
    readOwnerMenuPdfs(db, bill.restaurantId),
  ])
  return {
    ...dinerHeader(bill),
    categories,
    pdfs,
    cart: cartFromCookies(request.headers.get('Cookie'), dinerCart(bill.sessionId)).entries,
  }
}

/** The menu with what was searched (`?q=`) and `extra` (a sheet to open) in its address. */
const menuWith = (sessionId: string, query: string, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams({ ...(query ? { q: query } : {}), ...extra })
  return `${customerPath.menu(sessionId)}${params.size ? `?${params}` : ''}`
}

/** The page an item was added from, at that item. */
const menuAt = (sessionId: string, query: string, itemId?: string) =>
  `${menuWith(sessionId, query)}${itemId ? `#item-${itemId}` : ''}`

/** How an added line is told to the diner: '2 × Taco al pastor (Salsa: Verde)'. */
const addedLabel = (name: string, choice: Pick<ItemChoice, 'summary' | 'quantity'>) =>
  `${choice.quantity > 1 ? `${choice.quantity} × ` : ''}${cartLineLabel({ name, details: choice.summary })}`

/**
 * Adds an item without JavaScript, from its sheet (how many, its options and
 * note) or its one-tap form, checked by the menu as the phone would: the
 * cart's cookie is written and the diner is back on the whole menu at the
 * dish (what was searched is done with), told what was added; a required
 * choice left out brings the sheet back with it named, and a sold-out item
 * is refused. `less` takes one off a line: a tap undone.
 */
export async function action({ params, context, request }: ActionFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  const query = new URL(request.url).searchParams.get('q') ?? ''
  const form = await request.formData()
  const kept = cartFromCookies(request.headers.get('Cookie'), dinerCart(bill.sessionId)).entries
  if (form.has('less')) {
    const undo = parseWithZod(form, { schema: takeOneFormSchema })
    const entries = undo.status === 'success' ? takeOneOff(kept, undo.value.less) : kept
    const dish = undo.status === 'success' ? kept.find((entry) => cartLineKey(entry) === undo.value.less) : undefined
    return redirect(menuAt(bill.sessionId, query, dish?.menuItemId), {
      headers: { 'Set-Cookie': cartCookie(dinerCart(bill.sessionId), { entries }) },
    })
  }
  const submission = parseWithZod(form, { schema: addToCartFormSchema })
  const itemGone = () =>
    redirectWithToast(menuAt(bill.sessionId, query), { title: 'customer.menu.itemGone', variant: 'destructive' })
  if (submission.status !== 'success') return itemGone()
  const { options, quantity, note } = submission.value
  const language = await getLanguage(request)
  // Read as the diner's page reads it, so what the toast says was added is in their words, options included.
  const item = menuById(await readDinerMenu(getDb(context.cloudflare.env.DB), bill.restaurantId, language)).get(
    submission.value.item,
  )
  const added = addChosenItem(kept, item, {
    optionIds: options,
    quantity,
    note,
  })
  if (!item || (!added.ok && added.reason === 'gone')) return itemGone()
  if (!added.ok && added.reason === 'missing')
    return data({ missing: added.groupId, optionIds: options, quantity, note }, { status: 400 })
  if (!added.ok)
    return redirectWithToast(menuAt(bill.sessionId, query, item.id), {
      title: added.reason === 'sold-out' ? 'customer.menu.soldOutToast' : 'customer.menu.cartFull',
      description: added.reason === 'sold-out' ? item.name : undefined,
      variant: 'destructive',
    })
  return redirectWithToast(
    menuAt(bill.sessionId, '', item.id),
    { title: 'customer.menu.itemAdded', description: addedLabel(item.name, { summary: added.summary, quantity }) },
    { headers: { 'Set-Cookie': cartCookie(dinerCart(bill.sessionId), { entries: added.entries }) } },
  )
}

export const shouldRevalidate = unlessOnlySearchChanged

export default function Menu() {
  const {
    sessionId: sid,
    restaurantName,
    tableNumber,
    tax,
    categories,
    pdfs,
    cart: drawn,
  } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  const { t } = useI18n()
  // Every price with its IVA, as a diner must be shown it: what ordering it adds to what they pay.
  const price = useShownPrice(tax)
  const toast = useToast()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const [searchParams] = useSearchParams()
  const cart = useCart(sid, drawn)
  const menu = menuById(categories)
  const totals = cartTotals(priceCart(cart.entries, menu))
  const searched = searchParams.get('q') ?? ''
  // Typed into the search with JavaScript, the menu narrows at once; without, the form's `?q=` narrows it here on the server.
  const [query, setQuery] = useState(searched)
  useEffect(() => setQuery(searched), [searched])
  const searchable = offersSearch(categories)
  const shown = searchable ? findDishes(categories, query) : categories
  const here = menuWith(sid, searched)
  const choosing = categories.flatMap((category) => category.items).find((item) => item.id === searchParams.get('item'))
  // The first few dishes are on screen when the page opens; the rest of the photos load as the diner scrolls to them.
  const eager = new Set(
    shown
      .flatMap((category) => category.items)
      .slice(0, 3)
      .map((item) => item.id),
  )

  const add = (itemId: string, choice: ItemChoice) => {
    const item = menu.get(itemId)
    const next =
      item &&
      addToCart(cart.entries, { menuItemId: item.id, optionIds: choice.optionIds, note: choice.note }, choice.quantity)
    if (!item || !next) return toast({ title: 'customer.menu.cartFull', variant: 'destructive' })
    cart.save(next)
    toast({ title: 'customer.menu.itemAdded', description: addedLabel(item.name, choice) })
    // What was searched is done with: the next dish is looked for afresh.
    setQuery('')
  }

  /** How a dish that asks nothing adds at a tap here; null for one with a choice to make, which opens its sheet. */
  const oneTapOf = (item: DinerDish): OneTap | null => {
    const choice = oneTapChoice(item.modifierGroups)
    if (!choice) return null
    const line = cartLineKey({ menuItemId: item.id, optionIds: choice })
    const chosen = checkChoice(item.modifierGroups, choice)
    return {
      choice,
      line: { key: line, held: cart.entries.some((entry) => cartLineKey(entry) === line) },
      inCart: dishQuantity(cart.entries, item.id),
      action: here,
      onAdd: () =>
        add(item.id, { optionIds: choice, summary: chosen.ok ? chosen.summary : null, quantity: 1, note: null }),
      onUndo: () => cart.save(takeOneOff(cart.entries, line)),
    }
  }

  const cartButton = (
    <CartButton
      to={customerPath.cart(sid)}
      count={totals.count}
      onEmpty={() => toast({ title: 'customer.menu.cartEmptyToast' })}
    />
  )

  return (
    <CustomerShell
      restaurantName={restaurantName}
      tableNumber={tableNumber}
      backTo={customerPath.bill(sid)}
      title={t('customer.menu.title')}
      actions={cartButton}
      subheader={
        shown.length > 1 ? <CategoryChips categories={shown} label={t('customer.menu.categories')} /> : undefined
      }
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
                <p className="text-lg font-bold tabular-nums">{price(totals.subtotal)}</p>
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
      {categories.length === 0 ? (
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
          {searchable ? (
            <form
              method="get"
              role="search"
              className="mb-4 flex gap-2"
              onSubmit={(event) => {
                event.preventDefault()
                ;(event.currentTarget.elements.namedItem('q') as HTMLInputElement).blur()
              }}
            >
              <input
                type="search"
                name="q"
                value={query}
                onChange={(event) => setQuery(event.currentTarget.value)}
                aria-label={t('customer.menu.searchLabel')}
                placeholder={t('customer.menu.searchPlaceholder')}
                enterKeyHint="search"
                className="min-h-11 min-w-0 flex-1 rounded-xl border border-stone-300 bg-white px-3 dark:border-stone-600 dark:bg-stone-900"
                data-testid="menu-search"
              />
              {hydrated ? null : (
                <button type="submit" className={`${buttonClass.secondary} px-4`}>
                  {t('customer.menu.search')}
                </button>
              )}
            </form>
          ) : null}
          {shown.length === 0 ? (
            <div
              className="grid gap-3 rounded-2xl bg-white p-6 text-center shadow-sm dark:bg-stone-900"
              data-testid="no-results"
            >
              <p className="text-stone-700 dark:text-stone-300">{t('customer.menu.noResults', { query })}</p>
              <Link to={customerPath.menu(sid)} replace onClick={() => setQuery('')} className={buttonClass.secondary}>
                {t('customer.menu.showAll')}
              </Link>
            </div>
          ) : null}
          <div className="grid gap-6" data-testid="menu-items">
            {shown.map((category) => (
              <section
                key={category.id}
                id={categoryAnchor(category.id)}
                aria-labelledby={`${categoryAnchor(category.id)}-name`}
                className="scroll-mt-32"
                data-testid="menu-category"
              >
                <h2 id={`${categoryAnchor(category.id)}-name`} className="text-xl font-bold" lang={category.nameLang}>
                  {category.name}
                </h2>
                {category.description ? (
                  <p className="text-stone-600 dark:text-stone-400" lang={category.descriptionLang}>
                    {category.description}
                  </p>
                ) : null}
                {category.items.length === 0 ? (
                  <p
                    className="mt-3 rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm dark:bg-stone-900 dark:text-stone-400"
                    data-testid="empty-category"
                  >
                    {t('customer.menu.emptyCategory')}
                  </p>
                ) : (
                  <ul className="mt-3 grid gap-3">
                    {category.items.map((item) => (
                      <MenuDish
                        key={item.id}
                        item={item}
                        price={price}
                        chooseTo={menuWith(sid, searched, { item: item.id })}
                        oneTap={oneTapOf(item)}
                        lazy={!eager.has(item.id)}
                      />
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
          <div id={MENU_END} />
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
        closeTo={choosing && !hydrated ? `${here}#item-${choosing.id}` : here}
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
            price={price}
            fields={{ item: choosing.id, ...(searched ? { q: searched } : {}) }}
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
