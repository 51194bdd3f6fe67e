import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { useId } from 'react'
import { requireStaff, type PageAccess } from '~/server/auth/guard.server'
import { getDb } from '~/server/db/client.server'
import { menuAction } from '~/server/menus/menu-actions.server'
import { categoriesWithItems, listMenus, type CategoryWithItems } from '~/server/menus/menu-store.server'
import {
  CategoryDialog,
  DeleteDialog,
  DeleteRecordDialog,
  ItemDialog,
  MenuDialog,
  SoldOutBadge,
  SoldOutSwitch,
} from '~/ui/admin/menu-forms'
import { MenuTypeBadge, MenuTypeIcon } from '~/ui/admin/menu-type'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'
import { staffTitle } from '~/ui/page-title'

/*
 * The sidebar menu builder: the owner's menus on the left, the
 * chosen one's categories and items on the right, every change in a dialog
 * whose open state lives in the URL (?dialog=, ?edit=kind:id, ?delete=kind:id).
 */

export const meta: MetaFunction = (args) => staffTitle(args, (t) => t('admin.menu.sidebar.title'))

export const access: PageAccess = { view: 'menus.manage', action: 'menus.manage' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { restaurant } = await requireStaff(context, request, 'page', access.view)
  const db = getDb(context.cloudflare.env.DB)
  const menuId = new URL(request.url).searchParams.get('menu')
  // Only what the dialogs and rows show: the PDF's storage key stays on the server.
  const menus = (await listMenus(db, restaurant.id)).map(({ id, name, description, type }) => ({
    id,
    name,
    description,
    type,
  }))
  const menu = menuId ? menus.find((candidate) => candidate.id === menuId) : undefined
  if (menuId && !menu) throw data(null, { status: 404 })
  return { menus, menu: menu ?? null, categories: menu ? await categoriesWithItems(db, restaurant.id, menu.id) : [] }
}

/** The page's URL with the chosen menu kept and, optionally, a dialog opened. */
const pageUrl = (menuId: string | null | undefined, open: Record<string, string> = {}) =>
  `?${new URLSearchParams({ ...(menuId ? { menu: menuId } : {}), ...open })}`

export async function action(args: ActionFunctionArgs) {
  // The dialogs' forms post to the page's own URL (Remix keeps its query), so ?menu= still names the chosen menu.
  const chosen = new URL(args.request.url).searchParams.get('menu')
  return menuAction(args, access, ({ intent, id }) => {
    if (intent === 'menu.create') return `/admin/menu${pageUrl(id)}`
    if (intent.startsWith('photo.')) return `/admin/menu${pageUrl(chosen, { edit: `item:${id}` })}`
    if (intent === 'menu.delete' && id === chosen) return '/admin/menu'
    return `/admin/menu${pageUrl(chosen)}`
  })
}

/** ?edit= and ?delete= name their record as kind:id (menu, category or item). */
const split = (value: string | null) => (value ?? ':').split(':') as [string, string | undefined]

export default function MenuSidebarBuilder() {
  const { menus, menu, categories } = useLoaderData<typeof loader>()
  const { t } = useI18n()
  const [searchParams] = useSearchParams()
  const back = pageUrl(menu?.id)
  const dialog = searchParams.get('dialog')
  const [editKind, editId] = split(searchParams.get('edit'))
  const [deleteKind, deleteId] = split(searchParams.get('delete'))
  const allItems = categories.flatMap((category) => category.menuItems)
  const editing = {
    menu: editKind === 'menu' ? menus.find((candidate) => candidate.id === editId) : undefined,
    category: editKind === 'category' ? categories.find((category) => category.id === editId) : undefined,
    item: editKind === 'item' ? allItems.find((item) => item.id === editId) : undefined,
  }
  const deleting = {
    menu: deleteKind === 'menu' ? menus.find((candidate) => candidate.id === deleteId) : undefined,
    category: deleteKind === 'category' ? categories.find((category) => category.id === deleteId) : undefined,
    item: deleteKind === 'item' ? allItems.find((item) => item.id === deleteId) : undefined,
  }
  const fixedCategory = categories.find((category) => category.id === searchParams.get('category'))
  const linkTo = (open: Record<string, string>) => pageUrl(menu?.id, open)

  return (
    <div className="min-h-dvh">
      <AdminTopBar backTo="/admin/dashboard/menus" backLabel={t('admin.menu.builder.backToDashboard')} />
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-6">
        <h1 className="text-2xl font-bold">{t('admin.menu.sidebar.title')}</h1>
        <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <aside aria-labelledby="my-menus" className="grid gap-4 rounded-3xl bg-white p-4 shadow-sm dark:bg-stone-900">
            <h2 id="my-menus" className="text-lg font-bold">
              {t('admin.menu.sidebar.myMenus')}
            </h2>
            {menus.length > 0 ? (
              <ul className="grid gap-2" data-testid="menu-list">
                {menus.map((row) => (
                  <MenuRow key={row.id} menu={row} selected={row.id === menu?.id} linkTo={linkTo} />
                ))}
              </ul>
            ) : null}
            <Link
              to={linkTo({ dialog: 'menu' })}
              preventScrollReset
              className={buttonClass.primary}
              data-testid="new-menu"
            >
              <span aria-hidden="true">+</span> {t('admin.menu.sidebar.newMenu')}
            </Link>
          </aside>

          {menu ? (
            <section aria-labelledby="menu-title" className="grid gap-4" data-testid="selected-menu">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex min-w-0 flex-wrap items-center gap-3">
                  <h2 id="menu-title" className="text-xl font-bold">
                    {menu.name}
                  </h2>
                  <MenuTypeBadge type={menu.type} />
                </div>
                <div className="grid w-full gap-2 sm:flex sm:w-auto">
                  {categories.length > 0 ? (
                    <Link
                      to={linkTo({ dialog: 'item' })}
                      preventScrollReset
                      className={buttonClass.secondary}
                      data-testid="add-item"
                    >
                      <span aria-hidden="true">+</span> {t('admin.menu.sidebar.addItem')}
                    </Link>
                  ) : null}
                  <Link
                    to={linkTo({ dialog: 'category' })}
                    preventScrollReset
                    className={buttonClass.primary}
                    data-testid="add-category"
                  >
                    <span aria-hidden="true">+</span> {t('admin.menu.sidebar.addCategory')}
                  </Link>
                </div>
              </div>
              {menu.description ? <p className="text-stone-700 dark:text-stone-300">{menu.description}</p> : null}
              {categories.length === 0 ? (
                <p className="rounded-3xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-400">
                  {t('admin.menu.sidebar.noCategories')}
                </p>
              ) : (
                <ul className="grid gap-4" data-testid="categories">
                  {categories.map((category) => (
                    <CategoryCard key={category.id} category={category} linkTo={linkTo} />
                  ))}
                </ul>
              )}
            </section>
          ) : (
            <p className="rounded-3xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-400">
              {menus.length > 0 ? t('admin.menu.sidebar.chooseMenu') : t('admin.menu.sidebar.noMenus')}
            </p>
          )}
        </div>
      </main>

      <MenuDialog open={dialog === 'menu'} closeTo={back} />
      {editing.menu ? <MenuDialog open closeTo={back} menu={editing.menu} /> : null}
      {deleting.menu ? (
        <DeleteDialog
          open
          closeTo={back}
          intent="menu.delete"
          id={deleting.menu.id}
          title={t('admin.menu.management.deleteTitle', { name: deleting.menu.name })}
          text={t('admin.menu.management.deleteText')}
        />
      ) : null}
      {menu ? (
        <>
          <CategoryDialog open={dialog === 'category'} closeTo={back} menuId={menu.id} />
          {editing.category ? (
            <CategoryDialog open closeTo={back} menuId={menu.id} category={editing.category} />
          ) : null}
          <ItemDialog
            open={dialog === 'item'}
            closeTo={back}
            categories={categories}
            categoryId={fixedCategory?.id}
            categoryMode={fixedCategory ? 'fixed' : 'choose'}
          />
          {editing.item ? (
            <ItemDialog open closeTo={back} categories={categories} categoryMode="hidden" item={editing.item} />
          ) : null}
        </>
      ) : null}
      <DeleteRecordDialog kind="category" record={deleting.category} closeTo={back} />
      <DeleteRecordDialog kind="item" record={deleting.item} closeTo={back} />
    </div>
  )
}

function MenuRow({
  menu,
  selected,
  linkTo,
}: {
  menu: { id: string; name: string; type: string }
  selected: boolean
  linkTo: (open: Record<string, string>) => string
}) {
  const { t } = useI18n()
  const choice = selected ? t('admin.menu.sidebar.selected') : t('admin.menu.sidebar.select')
  return (
    <li
      className={`grid gap-2 rounded-2xl border p-3 ${selected ? 'border-emerald-700 bg-emerald-50 dark:border-emerald-500 dark:bg-emerald-950/60' : 'border-stone-200 dark:border-stone-700'}`}
    >
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-white text-emerald-800 ring-1 ring-stone-200 dark:bg-stone-900 dark:text-emerald-400 dark:ring-stone-700">
          <MenuTypeIcon type={menu.type} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{menu.name}</p>
          <p className="text-sm text-stone-600 dark:text-stone-400">{t.message(`admin.menu.types.${menu.type}`)}</p>
        </div>
      </div>
      <div className="flex items-center gap-1">
        <Link
          to={pageUrl(menu.id)}
          aria-current={selected ? 'page' : undefined}
          aria-label={`${choice}: ${menu.name}`}
          className={`${selected ? buttonClass.primary : buttonClass.secondary} flex-1`}
        >
          {choice}
        </Link>
        <Link
          to={linkTo({ edit: `menu:${menu.id}` })}
          preventScrollReset
          aria-label={`${t('admin.menu.sidebar.editMenu')}: ${menu.name}`}
          className={buttonClass.icon}
        >
          <PencilIcon />
        </Link>
        <Link
          to={linkTo({ delete: `menu:${menu.id}` })}
          preventScrollReset
          aria-label={`${t('admin.menu.sidebar.deleteMenu')}: ${menu.name}`}
          className={`${buttonClass.icon} text-red-800 dark:text-red-300`}
        >
          <TrashIcon />
        </Link>
      </div>
    </li>
  )
}

function CategoryCard({
  category,
  linkTo,
}: {
  category: CategoryWithItems
  linkTo: (open: Record<string, string>) => string
}) {
  const { t, money } = useI18n()
  const headingId = useId()
  return (
    <li className="grid gap-3 rounded-3xl bg-white p-4 shadow-sm sm:p-5 dark:bg-stone-900" data-testid="category-card">
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="text-lg font-bold">
            {category.name}
          </h3>
          {category.description ? (
            <p className="text-sm text-stone-600 dark:text-stone-400">{category.description}</p>
          ) : null}
        </div>
        <span className="shrink-0 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700 dark:bg-stone-800 dark:text-stone-300">
          {t('admin.menu.common.items', { count: category.menuItems.length })}
        </span>
        <Link
          to={linkTo({ edit: `category:${category.id}` })}
          preventScrollReset
          aria-label={`${t('admin.menu.sidebar.editCategory')}: ${category.name}`}
          className={buttonClass.icon}
        >
          <PencilIcon />
        </Link>
        <Link
          to={linkTo({ delete: `category:${category.id}` })}
          preventScrollReset
          aria-label={`${t('admin.menu.sidebar.deleteCategory')}: ${category.name}`}
          className={`${buttonClass.icon} text-red-800 dark:text-red-300`}
        >
          <TrashIcon />
        </Link>
      </div>
      {category.menuItems.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.menu.sidebar.noItems')}</p>
      ) : (
        <ul className="divide-y divide-stone-100 border-y border-stone-100 dark:divide-stone-800 dark:border-stone-800">
          {category.menuItems.map((item) => (
            <li key={item.id} className="flex items-center gap-2 py-1" data-testid="item-row">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  {item.name}
                  {item.soldOut ? <SoldOutBadge /> : null}
                </p>
                {item.description ? (
                  <p className="text-sm text-stone-600 dark:text-stone-400">{item.description}</p>
                ) : null}
                <SoldOutSwitch item={item} className="mt-1" />
              </div>
              <span className="shrink-0 font-semibold tabular-nums">{money(item.priceCents)}</span>
              <Link
                to={linkTo({ edit: `item:${item.id}` })}
                preventScrollReset
                aria-label={`${t('admin.menu.sidebar.editItem')}: ${item.name}`}
                className={buttonClass.icon}
              >
                <PencilIcon />
              </Link>
              <Link
                to={linkTo({ delete: `item:${item.id}` })}
                preventScrollReset
                aria-label={`${t('admin.menu.sidebar.deleteItem')}: ${item.name}`}
                className={`${buttonClass.icon} text-red-800 dark:text-red-300`}
              >
                <TrashIcon />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={linkTo({ dialog: 'item', category: category.id })}
        preventScrollReset
        aria-describedby={headingId}
        className={`${buttonClass.secondary} justify-self-start`}
      >
        <span aria-hidden="true">+</span> {t('admin.menu.sidebar.addItem')}
      </Link>
    </li>
  )
}

// Line icons rather than emoji, which phones and the print view may lack.
function PencilIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />
    </svg>
  )
}

function TrashIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
    </svg>
  )
}
