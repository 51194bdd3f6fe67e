import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  replace,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { useActionData, useFetcher, useLoaderData, useLocation, useSearchParams } from '@remix-run/react'
import {
  addChosenItem,
  addToCart,
  cartCookie,
  cartFromCookies,
  cartLineKey,
  cartLineLabel,
  priceTicket,
  removeFromCart,
  setCartQuantity,
  takeOneOff,
  ticketOrderLines,
  waiterTicket,
  type TicketEntry,
} from '~/domain/cart'
import { newOrderId } from '~/domain/ids'
import { menuViewOf, menuViewSearch } from '~/domain/menu-search'
import { modifierRule } from '~/domain/modifiers'
import { menuById } from '~/domain/order-pricing'
import { ORDER_FORMS, type OrderIntent } from '~/domain/schemas/ticket'
import { signatureOf } from '~/domain/signature'
import { ownTable, requireStaffForm, requireStaffTable, type PageAccess } from '~/server/auth/guard.server'
import { addOrder } from '~/server/bills/bill-writes.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { readOwnerMenu } from '~/server/menus/diner-menu.server'
import { invalidForm, refusedForm } from '~/server/tables/staff-table.server'
import { DishPicker } from '~/ui/admin/order/dish-picker'
import { OpenItemForm } from '~/ui/admin/order/open-item-form'
import { TicketPanel } from '~/ui/admin/order/ticket-panel'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { useI18n } from '~/ui/i18n'
import { choiceInUrl, ItemChooser, SoldOutNotice } from '~/ui/item-chooser'
import { staffTitle } from '~/ui/page-title'
import { unlessOnlySearchChanged } from '~/ui/revalidate'
import { Sheet } from '~/ui/sheet'

export const meta: MetaFunction<typeof loader> = (args) =>
  staffTitle(args, (t) => t('admin.order.title', { number: args.data?.table.tableNumber ?? '' }))

/** Every form of the page builds the waiter's ticket or sends it: each takes what adding to a bill takes. */
export const access: PageAccess = { view: 'orders.add', intents: ORDER_FORMS.permissions }

/** What `replace()` marks a redirect with, for one that also carries a toast. */
const REPLACE = { 'X-Remix-Replace': 'true' }

/** The sheet of the open item, by its name in the address. */
const OPEN_ITEM_SHEET = 'open-item'

/** The menu, and the waiter's ticket for this table as its cookie keeps it, priced by the menu as it is now. */
export async function loader(args: LoaderFunctionArgs) {
  const { db, table, restaurant, person } = await requireStaffTable(
    args.context,
    args.request,
    args.params.id,
    access.view,
  )
  const categories = (await readOwnerMenu(db, restaurant.id)).map((category) => ({
    id: category.id,
    name: category.name,
    items: category.items.map((item) => ({
      id: item.id,
      name: item.name,
      priceCents: item.priceCents,
      soldOut: item.soldOut,
      // The staff's picker reads the dishes as the kitchen does, in the restaurant's Spanish.
      modifierGroups: item.modifierGroups.map((group) => modifierRule(group, 'es')),
    })),
  }))
  const ticket = cartFromCookies(args.request.headers.get('Cookie'), waiterTicket(table.id))
  return {
    table: { id: table.id, tableNumber: table.tableNumber, sessionId: table.sessionId },
    categories,
    ticket: { orderId: ticket.orderId, lines: priceTicket(ticket.entries, menuById(categories)) },
    // Whose name the lines go on when the ticket is sent.
    signer: signatureOf(person).name,
  }
}

export const shouldRevalidate = unlessOnlySearchChanged

/**
 * The waiter's ticket, kept in a cookie of this table's page until it is
 * sent: a dish from its sheet (`add`), an open item, a line's quantity or
 * its removal (`line`), each answered by going back to the menu as it was
 * (with JavaScript, through a fetcher, in place of the page in the history).
 * `send` puts the whole ticket on the bill as one order under the ticket's
 * id, signed by the member: sent again it is taken once; refused, the ticket
 * stays as it was, with its id.
 */
export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData()
  const principal = await requireStaffForm(args.context, args.request, access, form)
  const { db, table } = await ownTable(args.context, principal, args.params.id)
  const place = waiterTicket(table.id)
  const kept = cartFromCookies(args.request.headers.get('Cookie'), place)
  const view = menuViewOf(new URL(args.request.url).searchParams)
  const menuAt = (search: string) => `/admin/tables/${table.id}/order${search === '?' ? '' : search}`
  const here = menuAt(menuViewSearch(view))
  /**
   * Back to the menu with the ticket as `entries` (a first line gives it its
   * order id; an empty ticket is no cookie), in place of the page in the
   * history, so Back leaves the page rather than undoing a line. A line
   * added clears the search: the next dish is looked for afresh.
   */
  const keep = (entries: TicketEntry[], toast?: Parameters<typeof redirectWithToast>[1], to = here) => {
    const headers = { 'Set-Cookie': cartCookie(place, { entries, orderId: kept.orderId ?? newOrderId() }) }
    return toast ? redirectWithToast(to, toast, { headers: { ...headers, ...REPLACE } }) : replace(to, { headers })
  }
  const added = menuAt(menuViewSearch({ ...view, query: '' }))

  const submission = parseWithZod(form, { schema: ORDER_FORMS.schema })
  if (submission.status !== 'success')
    switch (form.get('intent') as OrderIntent) {
      case 'add':
        return keep(kept.entries, { title: 'admin.order.itemGone', variant: 'destructive' })
      case 'open-item':
        return invalidForm(submission)
      case 'line':
        return keep(kept.entries)
      case 'send':
        return data(submission.reply({ formErrors: ['admin.errors.formError'] }), { status: 400 })
    }
  const sent = submission.value
  switch (sent.intent) {
    case 'add': {
      const { options, quantity, note } = sent
      const item = menuById(await readOwnerMenu(db, principal.restaurant.id)).get(sent.item)
      const chosen = addChosenItem(kept.entries, item, { optionIds: options, quantity, note })
      if (chosen.ok)
        return keep(
          chosen.entries,
          {
            title: 'admin.order.added',
            description: `${quantity}× ${cartLineLabel({ name: item?.name ?? '', details: chosen.summary })}`,
          },
          added,
        )
      // Without JavaScript the sheet comes back with the group left empty named.
      if (chosen.reason === 'missing')
        return data(
          { intent: 'add' satisfies OrderIntent, missing: chosen.groupId, optionIds: options, quantity, note },
          { status: 400 },
        )
      return keep(kept.entries, {
        title: { gone: 'admin.order.itemGone', 'sold-out': 'admin.order.soldOutToast', full: 'admin.order.full' }[
          chosen.reason
        ],
        description: chosen.reason === 'sold-out' ? item?.name : undefined,
        variant: 'destructive',
      })
    }
    case 'open-item': {
      const { name, price, quantity, note } = sent
      const next = addToCart(kept.entries, { name, priceCents: price, note }, quantity)
      if (!next) return keep(kept.entries, { title: 'admin.order.full', variant: 'destructive' })
      return keep(next, { title: 'admin.order.added', description: `${quantity}× ${name}` }, added)
    }
    case 'line': {
      const { line, change } = sent
      const now = kept.entries.find((entry) => cartLineKey(entry) === line)?.quantity ?? 0
      if (change === 'remove') return keep(removeFromCart(kept.entries, line))
      if (change === 'less') return keep(takeOneOff(kept.entries, line))
      return keep(setCartQuantity(kept.entries, line, now + 1))
    }
    case 'send': {
      const { sessionId, orderId, items } = sent
      const result = await addOrder(
        args.context.cloudflare.env,
        { tableId: table.id, sessionId, orderId, items: ticketOrderLines(items) },
        // The lines are the signed-in member's, for their restaurant.
        { staff: { ...signatureOf(principal.person), restaurantId: principal.restaurant.id }, address: null },
      )
      // The bill was closed meanwhile: the page is drawn again for the table's new bill, the ticket kept, saying so.
      if (!result.ok && result.code === 'CLOSED')
        return redirectWithToast(here, { title: 'admin.details.alreadyClosed', variant: 'destructive' })
      if (!result.ok && result.code === 'SOLD_OUT')
        return data(submission.reply({ formErrors: ['admin.order.refusedSoldOut'] }), { status: 409 })
      if (!result.ok) return refusedForm(submission, result.code)
      // What was sent leaves the ticket; a line added meanwhile from another screen stays, on a ticket of its own.
      const gone = new Set(items.map(cartLineKey))
      const rest =
        kept.orderId === orderId ? kept.entries.filter((entry) => !gone.has(cartLineKey(entry))) : kept.entries
      return redirectWithToast(
        `/admin/tables/${table.id}`,
        {
          title: 'admin.order.sent',
          description: result.lines.map((line) => `${line.quantity}× ${line.name}`).join(', '),
        },
        {
          headers: {
            'Set-Cookie': cartCookie(place, {
              entries: rest,
              orderId: kept.orderId === orderId ? newOrderId() : kept.orderId,
            }),
          },
        },
      )
    }
  }
}

export default function StaffOrder() {
  const { table, categories, ticket, signer } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  const { t } = useI18n()
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const adding = useFetcher()
  const view = menuViewOf(searchParams)
  const here = menuViewSearch(view)
  const choosing = categories.flatMap((category) => category.items).find((item) => item.id === searchParams.get('item'))
  // A refused dish (a required choice left out, without JavaScript) comes back with what was chosen.
  const missing = refused && 'missing' in refused ? refused : undefined

  return (
    <div className={`min-h-dvh ${ticket.lines.length > 0 ? 'pb-36 lg:pb-8' : 'pb-8'}`}>
      <AdminTopBar backTo={`/admin/tables/${table.id}`} backLabel={t('admin.books.orderBack')} />
      <main className="mx-auto grid max-w-5xl grid-cols-1 gap-6 px-4 pt-4 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="grid min-w-0 gap-4">
          <h1 className="text-2xl font-bold">{t('admin.order.title', { number: table.tableNumber })}</h1>
          <DishPicker
            categories={categories}
            view={view}
            openItemTo={menuViewSearch(view, { sheet: OPEN_ITEM_SHEET })}
            ticket={ticket.lines}
            action={`${location.pathname}${here}`}
          />
        </div>
        <TicketPanel
          lines={ticket.lines}
          orderId={ticket.orderId}
          sessionId={table.sessionId}
          signer={signer}
          action={`${location.pathname}${here}`}
        />
      </main>
      <Sheet open={Boolean(choosing)} closeTo={here} title={choosing?.name ?? ''}>
        {choosing?.soldOut ? (
          <SoldOutNotice text={t('admin.order.soldOutText')} />
        ) : choosing ? (
          <ItemChooser
            key={choosing.id}
            groups={choosing.modifierGroups}
            basePriceCents={choosing.priceCents}
            fields={{
              intent: 'add' satisfies OrderIntent,
              item: choosing.id,
              ...(view.query ? { q: view.query } : {}),
              ...(view.categoryId ? { category: view.categoryId } : {}),
            }}
            initial={missing ?? choiceInUrl(choosing.modifierGroups, searchParams)}
            missing={missing?.missing}
            onAdd={(_, form) =>
              adding.submit(form, {
                method: 'post',
                action: `${location.pathname}${location.search}`,
                preventScrollReset: true,
              })
            }
          />
        ) : null}
      </Sheet>
      <Sheet open={searchParams.get('sheet') === OPEN_ITEM_SHEET} closeTo={here} title={t('admin.order.openItem')}>
        <OpenItemForm action={`${location.pathname}${location.search}`} />
      </Sheet>
    </div>
  )
}
