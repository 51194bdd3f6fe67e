import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { staffOrderSchema } from '~/domain/schemas/books'
import { signatureOf } from '~/domain/signature'
import { addOrder } from '~/server/bills/bill-writes.server'
import { readOwnerMenu } from '~/server/menus/diner-menu.server'
import { invalidForm, refusedForm } from '~/server/tables/staff-table.server'
import { ownTable, requireStaffForm, requireStaffTable, type PageAccess } from '~/server/auth/guard.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { LabeledInput } from '~/ui/admin/books-forms'
import { SoldOutBadge } from '~/ui/admin/menu-forms'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { buttonClass } from '~/ui/button'
import { ErrorList } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { useLastResult, useSchemaForm, useUnansweredRefusal } from '~/ui/use-schema-form'
import { staffTitle } from '~/ui/page-title'

export const meta: MetaFunction<typeof loader> = (args) =>
  staffTitle(args, (t) => t('admin.books.orderTitle', { number: args.data?.table.tableNumber ?? '' }))

export const access: PageAccess = { view: 'orders.add', intents: { order: 'orders.add', 'open-item': 'orders.add' } }

export async function loader(args: LoaderFunctionArgs) {
  const { db, table, restaurant } = await requireStaffTable(args.context, args.request, args.params.id, access.view)
  return {
    table: { id: table.id, tableNumber: table.tableNumber, sessionId: table.sessionId },
    menu: await readOwnerMenu(db, restaurant.id),
  }
}

/** One line a waiter adds: the options of a menu item come as one field per group (`group.<id>`), read together as its optionIds. */
export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData()
  const principal = await requireStaffForm(args.context, args.request, access, form)
  const { table } = await ownTable(args.context, principal, args.params.id)
  const here = `/admin/tables/${table.id}/order`
  for (const [name, value] of [...form.entries()])
    if (name.startsWith('group.') && typeof value === 'string' && value) form.append('optionIds', value)
  const submission = parseWithZod(form, { schema: staffOrderSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  const line = submission.value
  const result = await addOrder(
    args.context.cloudflare.env,
    {
      tableId: table.id,
      sessionId: line.sessionId,
      items: [
        {
          ...(line.menuItemId ? { menuItemId: line.menuItemId, optionIds: line.optionIds } : {}),
          name: line.name ?? '',
          // Staff type what one costs; the bill keeps the line's total.
          price: (line.price ?? 0) * line.quantity,
          description: null,
          category: 'Order',
          quantity: line.quantity,
          customerName: null,
          note: line.note,
        },
      ],
    },
    // The lines are the signed-in member's, for their restaurant.
    { staff: { ...signatureOf(principal.person), restaurantId: principal.restaurant.id }, address: null },
  )
  // The bill was closed meanwhile: the page is drawn again for the table's new bill, saying so.
  if (!result.ok && result.code === 'CLOSED')
    return redirectWithToast(here, { title: 'admin.details.alreadyClosed', variant: 'destructive' })
  if (!result.ok) return refusedForm(submission, result.code)
  return redirectWithToast(here, {
    title: 'admin.books.added',
    description: result.items.map((item) => `${item.quantity}× ${item.name}`).join(', '),
  })
}

/** A waiter adds to a table's bill: any menu item with its options, or an open item; each with a quantity and a note. Plain forms, one line each. */
export default function StaffOrder() {
  const { table, menu } = useLoaderData<typeof loader>()
  const { t, money } = useI18n()
  const back = `/admin/tables/${table.id}`
  const items = menu.flatMap((category) => category.items.map((item) => ({ ...item, category: category.name })))
  // A refused dish whose form left the page (it sold out meanwhile) is said at the top.
  const unanswered = useUnansweredRefusal(
    (sent) => sent.intent !== 'order' || items.some((item) => item.id === sent.menuItemId && !item.soldOut),
  )
  return (
    <div className="min-h-dvh">
      <AdminTopBar backTo={back} backLabel={t('admin.books.orderBack')} />
      <main className="mx-auto grid max-w-3xl gap-4 px-4 py-6">
        <h1 className="text-2xl font-bold">{t('admin.books.orderTitle', { number: table.tableNumber })}</h1>
        <ErrorList errors={unanswered} alert testId="order-errors" />
        {items.length === 0 ? <p className="text-stone-600 dark:text-stone-400">{t('admin.books.noMenu')}</p> : null}
        <ul className="grid gap-3" data-testid="staff-menu">
          {items.map((item) => (
            <li key={item.id} className="rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900">
              {item.soldOut ? (
                <div className="flex justify-between gap-3" data-testid={`sold-out-${item.id}`}>
                  <div>
                    <p className="font-semibold">
                      {item.name}
                      <SoldOutBadge />
                    </p>
                    <p className="text-sm text-stone-600 dark:text-stone-400">{item.category}</p>
                  </div>
                  <p className="font-semibold text-stone-500 tabular-nums line-through dark:text-stone-400">
                    {money(item.priceCents)}
                  </p>
                </div>
              ) : (
                <MenuItemForm item={item} sessionId={table.sessionId} />
              )}
            </li>
          ))}
        </ul>
        <OpenItemForm sessionId={table.sessionId} />
        <Link to={back} className={buttonClass.secondary}>
          {t('admin.books.orderBack')}
        </Link>
      </main>
    </div>
  )
}

type MenuItem = ReturnType<typeof useLoaderData<typeof loader>>['menu'][number]['items'][number] & { category: string }

/** One dish with its options, a quantity and a note; a refusal comes back under it with what was typed. */
function MenuItemForm({ item, sessionId }: { item: MenuItem; sessionId: string }) {
  const { t, money } = useI18n()
  const lastResult = useLastResult('order', { field: 'menuItemId', id: item.id })
  const [form, fields] = useSchemaForm(staffOrderSchema, {
    id: `order-${item.id}`,
    lastResult,
    defaultValue: { quantity: '1' },
  })
  /** The options of a group as last sent, so a refused order comes back with the choices made. */
  const chosen = (groupId: string) => {
    const sent = lastResult?.initialValue?.group
    const value = sent && typeof sent === 'object' ? (sent as Record<string, unknown>)[groupId] : undefined
    return value === undefined ? undefined : [value].flat()
  }
  return (
    <Form method="post" className="grid gap-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="order" />
      <input type="hidden" name="sessionId" value={sessionId} />
      <input type="hidden" name="menuItemId" value={item.id} />
      <div className="flex justify-between gap-3">
        <div>
          <p className="font-semibold">{item.name}</p>
          <p className="text-sm text-stone-600 dark:text-stone-400">{item.category}</p>
        </div>
        <p className="font-semibold tabular-nums">{money(item.priceCents)}</p>
      </div>
      {item.modifierGroups.map((group) => (
        <fieldset key={group.id} className="grid gap-1">
          <legend className="text-sm font-semibold">{group.name}</legend>
          {group.options.map((option) => (
            <label key={option.id} className="flex items-center gap-2 text-sm">
              <input
                type={group.multipleSelect ? 'checkbox' : 'radio'}
                name={`group.${group.id}`}
                value={option.id}
                defaultChecked={chosen(group.id) ? chosen(group.id)!.includes(option.id) : option.isDefault}
                required={group.required && !group.multipleSelect}
              />
              {option.name}
              {option.priceAdjustmentCents ? ` (+${money(option.priceAdjustmentCents)})` : ''}
            </label>
          ))}
        </fieldset>
      ))}
      <div className="grid grid-cols-[6rem_1fr_auto] items-end gap-2">
        <LabeledInput
          label={t('admin.books.quantity')}
          errors={fields.quantity.errors}
          inputProps={{ ...getInputProps(fields.quantity, { type: 'number' }), min: 1, max: 99 }}
        />
        <LabeledInput
          label={t('admin.books.note')}
          errors={fields.note.errors}
          inputProps={getInputProps(fields.note, { type: 'text' })}
        />
        <button type="submit" className={buttonClass.primary} data-testid={`order-${item.id}`}>
          {t('admin.books.add')}
        </button>
      </div>
      <ErrorList errors={form.errors} alert />
    </Form>
  )
}

/** A line with its own name and price (staff only): its errors under its fields, what was typed kept. */
function OpenItemForm({ sessionId }: { sessionId: string }) {
  const { t } = useI18n()
  const lastResult = useLastResult('open-item')
  const [form, fields] = useSchemaForm(staffOrderSchema, {
    id: 'open-item-form',
    lastResult,
    defaultValue: { quantity: '1' },
  })
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900" aria-labelledby="open-item">
      <h2 id="open-item" className="font-bold">
        {t('admin.books.openItem')}
      </h2>
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.books.openItemHint')}</p>
      <Form method="post" className="mt-3 grid gap-2 sm:grid-cols-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="open-item" />
        <input type="hidden" name="sessionId" value={sessionId} />
        <LabeledInput
          label={t('admin.books.name')}
          errors={fields.name.errors}
          testId="open-item-name"
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), required: true }}
        />
        <LabeledInput
          label={t('admin.books.price')}
          errors={fields.price.errors}
          testId="open-item-price"
          inputProps={{ ...getInputProps(fields.price, { type: 'text' }), required: true, inputMode: 'decimal' }}
        />
        <LabeledInput
          label={t('admin.books.quantity')}
          errors={fields.quantity.errors}
          inputProps={{ ...getInputProps(fields.quantity, { type: 'number' }), min: 1, max: 99 }}
        />
        <LabeledInput
          label={t('admin.books.note')}
          errors={fields.note.errors}
          inputProps={getInputProps(fields.note, { type: 'text' })}
        />
        <div className="sm:col-span-2">
          <ErrorList errors={form.errors} alert testId="open-item-errors" />
        </div>
        <button type="submit" className={`${buttonClass.primary} sm:col-span-2`} data-testid="open-item-add">
          {t('admin.books.add')}
        </button>
      </Form>
    </section>
  )
}
