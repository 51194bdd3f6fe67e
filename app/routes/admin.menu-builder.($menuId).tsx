import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { requireStaff, type PageAccess } from '~/server/auth/guard.server'
import { getDb } from '~/server/db/client.server'
import { menuAction } from '~/server/menus/menu-actions.server'
import { toWireMenu } from '~/server/menus/menu-wire.server'
import { categoriesWithItems, listMenus } from '~/server/menus/menu-store.server'
import { restaurantModifierGroups } from '~/server/menus/modifier-groups.server'
import { DishList } from '~/ui/admin/dish-list'
import { EmptyState } from '~/ui/admin/empty-state'
import { DeleteRecordDialog } from '~/ui/admin/delete-dialogs'
import { ItemDialog } from '~/ui/admin/item-dialog'
import { CategoryDialog, MenuDialog } from '~/ui/admin/menu-dialogs'
import { MenuTypeBadge } from '~/ui/admin/menu-type'
import { MenuBar } from '~/ui/admin/menu-bar'
import { GroupDialog, ModifierGroupsPanel } from '~/ui/admin/modifier-groups'
import { DragHandle, MoveButtons, useDragOrder } from '~/ui/admin/move-buttons'
import { Panel } from '~/ui/admin/panel'
import { PdfMenuForm } from '~/ui/admin/pdf-menu-form'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'
import { staffTitle } from '~/ui/page-title'

export const meta: MetaFunction<typeof loader> = (args) =>
  staffTitle(args, (t) =>
    args.data?.menu ? t('admin.menu.builder.title', { name: args.data.menu.name }) : t('admin.menu.sidebar.title'),
  )

const TABS = ['categories', 'items', 'modifiers'] as const

export const access: PageAccess = { view: 'menus.manage', action: 'menus.manage' }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { restaurant } = await requireStaff(context, request, 'page', access.view)
  const db = getDb(context.cloudflare.env.DB)
  const own = await listMenus(db, restaurant.id)
  // Only what the menu bar and the menu's dialog show: the PDF's storage key stays on the server.
  const menus = own.map(({ id, name, description, type }) => ({ id, name, description, type }))
  if (!params.menuId) {
    // The editor edits one menu; without one it opens the first (keeping what the address asked of it).
    const [first] = menus
    if (first) throw redirect(`/admin/menu-builder/${first.id}${new URL(request.url).search}`)
    return { menus, menu: null, categories: [], groups: [] }
  }
  const menu = own.find((candidate) => candidate.id === params.menuId)
  if (!menu) throw data(null, { status: 404 })
  const [categories, groups] = await Promise.all([
    categoriesWithItems(db, restaurant.id, menu.id),
    restaurantModifierGroups(db, restaurant.id),
  ])
  return { menus, menu: toWireMenu(menu), categories, groups }
}

export async function action(args: ActionFunctionArgs) {
  const here = `/admin/menu-builder${args.params.menuId ? `/${args.params.menuId}` : ''}`
  return menuAction(args, access, ({ intent, id, form }) => {
    // A new menu opens ready for its first category; a deleted one leaves the editor on the next.
    if (intent === 'menu.create') return `/admin/menu-builder/${id}`
    if (intent === 'menu.delete') return id === args.params.menuId ? '/admin/menu-builder' : here
    // The item's dialog stays open on its new photo (or its lack of one).
    if (intent.startsWith('photo.')) return `${here}?${new URLSearchParams({ tab: 'items', edit: `item:${id}` })}`
    if (intent.startsWith('item.')) return `${here}?tab=items`
    // Back to the group just changed: without JavaScript the page comes back at its card.
    if (intent.startsWith('group.') || intent.startsWith('option.')) {
      const group = intent.startsWith('group.') ? id : String(form.get('modifierGroupId') ?? form.get('groupId') ?? '')
      return `${here}?tab=modifiers${group && intent !== 'group.delete' ? `#group-${group}` : ''}`
    }
    return here
  })
}

export default function MenuBuilder() {
  const { menus, menu, categories, groups } = useLoaderData<typeof loader>()
  const { t, money } = useI18n()
  const [searchParams] = useSearchParams()
  const tab = TABS.find((name) => name === searchParams.get('tab')) ?? 'categories'
  const dialog = searchParams.get('dialog')
  const back = `?${new URLSearchParams({ tab })}`
  const [deleteKind, deleteId] = (searchParams.get('delete') ?? ':').split(':') as [string, string]
  const allItems = categories.flatMap((category) => category.menuItems)
  const [editKind, editId] = (searchParams.get('edit') ?? ':').split(':') as [string, string]
  const editing = {
    menu: editKind === 'menu' ? menus.find((candidate) => candidate.id === editId) : undefined,
    category: editKind === 'category' ? categories.find((category) => category.id === editId) : undefined,
    item: editKind === 'item' ? allItems.find((candidate) => candidate.id === editId) : undefined,
    group: editKind === 'group' ? groups.find((group) => group.id === editId) : undefined,
  }
  const dishNames = new Map(allItems.map((dish) => [dish.id, dish.name]))
  const groupNames = new Map(groups.map((group) => [group.id, group.name]))
  const deleting = {
    menu: deleteKind === 'menu' ? menus.find((candidate) => candidate.id === deleteId) : undefined,
    category: deleteKind === 'category' ? categories.find((category) => category.id === deleteId) : undefined,
    item: deleteKind === 'item' ? allItems.find((candidate) => candidate.id === deleteId) : undefined,
    group: deleteKind === 'group' ? groups.find((group) => group.id === deleteId) : undefined,
    option:
      deleteKind === 'option'
        ? groups.flatMap((group) => group.options).find((option) => option.id === deleteId)
        : undefined,
  }
  const linkTo = (params: Record<string, string>) => `${back}&${new URLSearchParams(params)}`
  const dragCategory = useDragOrder('category.move')

  const menuDialogs = (
    <>
      <MenuDialog open={dialog === 'menu'} closeTo={back} />
      {editing.menu ? <MenuDialog open closeTo={back} menu={editing.menu} /> : null}
      <DeleteRecordDialog kind="menu" record={deleting.menu} closeTo={back} />
    </>
  )

  if (!menu)
    return (
      <div className="min-h-dvh">
        <AdminTopBar backTo="/admin/dashboard/menus" backLabel={t('admin.menu.builder.backToDashboard')} />
        <main className="mx-auto grid max-w-5xl gap-6 px-4 py-6">
          <h1 className="text-2xl font-bold">{t('admin.menu.sidebar.title')}</h1>
          <EmptyState
            text={t('admin.menu.sidebar.noMenus')}
            action={t('admin.menu.management.createFirst')}
            to={linkTo({ dialog: 'menu' })}
          />
        </main>
        {menuDialogs}
      </div>
    )

  return (
    <div className="min-h-dvh">
      <AdminTopBar backTo="/admin/dashboard/menus" backLabel={t('admin.menu.builder.backToDashboard')} />
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-6">
        <MenuBar menus={menus} current={menu.id} newMenuTo={linkTo({ dialog: 'menu' })} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold" id="menu-title">
              {t('admin.menu.builder.title', { name: menu.name })}
            </h1>
            {menu.type !== 'regular' ? <MenuTypeBadge type={menu.type} /> : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to={linkTo({ edit: `menu:${menu.id}` })} preventScrollReset className={buttonClass.secondary}>
              {t('admin.menu.sidebar.editMenu')}
            </Link>
            <Link
              to={linkTo({ delete: `menu:${menu.id}` })}
              preventScrollReset
              className={`${buttonClass.secondary} text-red-800 dark:text-red-300`}
            >
              {t('admin.menu.sidebar.deleteMenu')}
            </Link>
            <Link
              to={linkTo({ dialog: 'category' })}
              preventScrollReset
              className={buttonClass.primary}
              data-testid="add-category"
            >
              {t('admin.menu.builder.addCategory')}
            </Link>
          </div>
        </div>
        {menu.description ? <p className="text-stone-700 dark:text-stone-300">{menu.description}</p> : null}

        <PdfMenuForm menu={menu} />

        <nav
          aria-label={t('admin.menu.builder.title', { name: menu.name })}
          className="flex gap-1 overflow-x-auto border-b border-stone-200 dark:border-stone-700"
        >
          {TABS.map((name) => (
            <Link
              key={name}
              to={`?tab=${name}`}
              aria-current={tab === name ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center border-b-2 px-4 font-semibold ${tab === name ? 'border-emerald-700 text-emerald-800 dark:border-emerald-500 dark:text-emerald-400' : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-white'}`}
            >
              {t(`admin.menu.builder.tabs.${name}`)}
            </Link>
          ))}
        </nav>

        {tab === 'categories' ? (
          categories.length === 0 ? (
            <EmptyCategories addTo={linkTo({ dialog: 'category' })} />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2" data-testid="category-cards">
              {categories.map((category, index) => (
                <li
                  key={category.id}
                  {...dragCategory.row(index)}
                  className="grid content-start gap-3 rounded-2xl bg-white p-4 shadow-sm data-[drop-target]:ring-2 data-[drop-target]:ring-emerald-600 dark:bg-stone-900"
                >
                  <div className="flex items-start justify-between gap-2">
                    <DragHandle {...dragCategory.handle(category.id)} />
                    <h2 className="flex-1 font-bold">{category.name}</h2>
                    <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700 dark:bg-stone-800 dark:text-stone-300">
                      {t('admin.menu.common.items', { count: category.menuItems.length })}
                    </span>
                  </div>
                  {category.menuItems.length === 0 ? (
                    <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.menu.builder.noItems')}</p>
                  ) : (
                    <ul className="grid gap-1 text-sm">
                      {category.menuItems.map((menuItem) => (
                        <li key={menuItem.id} className="flex justify-between gap-2">
                          <span>{menuItem.name}</span>
                          <span className="tabular-nums">{money(menuItem.priceCents)}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                  <div className="flex gap-2">
                    <MoveButtons
                      intent="category.move"
                      id={category.id}
                      name={category.name}
                      first={index === 0}
                      last={index === categories.length - 1}
                    />
                    <Link
                      to={linkTo({ dialog: 'item', category: category.id })}
                      preventScrollReset
                      className={`${buttonClass.secondary} flex-1`}
                    >
                      {t('admin.menu.builder.addItem')}
                    </Link>
                    <Link
                      to={linkTo({ edit: `category:${category.id}` })}
                      preventScrollReset
                      className={buttonClass.secondary}
                      aria-label={`${t('admin.menu.common.edit')} ${category.name}`}
                    >
                      {t('admin.menu.common.edit')}
                    </Link>
                    <Link
                      to={linkTo({ delete: `category:${category.id}` })}
                      preventScrollReset
                      className={`${buttonClass.secondary} text-red-800 dark:text-red-300`}
                    >
                      {t('admin.menu.common.delete')}
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )
        ) : null}

        {tab === 'items' ? (
          categories.length === 0 ? (
            <EmptyCategories addTo={linkTo({ dialog: 'category' })} />
          ) : (
            <div className="grid gap-6" data-testid="items-by-category">
              {categories.map((category) => (
                <Panel
                  key={category.id}
                  title={category.name}
                  empty={category.menuItems.length === 0 ? t('admin.menu.builder.noItems') : null}
                >
                  <DishList dishes={category.menuItems} linkTo={linkTo} groupNames={groupNames} />
                </Panel>
              ))}
              <Link
                to={linkTo({ dialog: 'item' })}
                preventScrollReset
                className="grid min-h-24 place-items-center rounded-2xl border-2 border-dashed border-stone-300 bg-white font-semibold text-stone-700 hover:border-emerald-700 hover:text-emerald-800 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-300 dark:hover:border-emerald-500 dark:hover:text-emerald-300"
              >
                + {t('admin.menu.builder.addMenuItem')}
              </Link>
            </div>
          )
        ) : null}

        {tab === 'modifiers' ? <ModifierGroupsPanel groups={groups} dishNames={dishNames} linkTo={linkTo} /> : null}
      </main>

      {menuDialogs}
      <CategoryDialog open={dialog === 'category'} closeTo={back} menuId={menu.id} />
      {editing.category ? <CategoryDialog open closeTo={back} menuId={menu.id} category={editing.category} /> : null}
      <ItemDialog
        open={dialog === 'item'}
        closeTo={back}
        categories={categories}
        categoryId={searchParams.get('category') ?? undefined}
        categoryMode={searchParams.get('category') ? 'fixed' : 'choose'}
        modifierGroups={groups}
      />
      {editing.item ? (
        <ItemDialog
          open
          closeTo={back}
          categories={categories}
          categoryMode="choose"
          modifierGroups={groups}
          item={editing.item}
        />
      ) : null}
      <GroupDialog open={dialog === 'group'} closeTo={back} />
      {editing.group ? <GroupDialog open closeTo={back} group={editing.group} /> : null}
      <DeleteRecordDialog kind="category" record={deleting.category} closeTo={back} />
      <DeleteRecordDialog kind="item" record={deleting.item} closeTo={back} />
      <DeleteRecordDialog kind="group" record={deleting.group} closeTo={back} />
      <DeleteRecordDialog kind="option" record={deleting.option} closeTo={back} />
    </div>
  )
}

function EmptyCategories({ addTo }: { addTo: string }) {
  const { t } = useI18n()
  return (
    <EmptyState text={t('admin.menu.builder.noCategories')} action={t('admin.menu.builder.addCategory')} to={addTo} />
  )
}
