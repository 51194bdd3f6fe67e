import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { requireStaff, type PageAccess } from '~/server/auth/guard.server'
import { getDb } from '~/server/db/client.server'
import { menuAction } from '~/server/menus/menu-actions.server'
import { menuSummaries } from '~/server/menus/menu-store.server'
import { EmptyState } from '~/ui/admin/empty-state'
import { DeleteDialog, MenuDialog } from '~/ui/admin/menu-forms'
import { MenuTypeBadge, MenuTypeIcon } from '~/ui/admin/menu-type'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'
import { staffTitle } from '~/ui/page-title'

export const meta: MetaFunction = (args) => staffTitle(args, (t) => t('admin.menu.management.title'))

export const access: PageAccess = { view: 'menus.manage', action: 'menus.manage' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { restaurant } = await requireStaff(context, request, 'page', access.view)
  return { menus: await menuSummaries(getDb(context.cloudflare.env.DB), restaurant.id) }
}

export async function action(args: ActionFunctionArgs) {
  // A new menu opens in the builder, ready for its first category.
  return menuAction(args, access, ({ intent, id }) =>
    intent === 'menu.create' ? `/admin/menu-builder/${id}` : '/admin/menu-management',
  )
}

export default function MenuManagement() {
  const { menus } = useLoaderData<typeof loader>()
  const { t } = useI18n()
  const [searchParams] = useSearchParams()
  const editing = menus.find((menu) => menu.id === searchParams.get('edit'))
  const deleting = menus.find((menu) => menu.id === searchParams.get('delete'))

  return (
    <div className="min-h-dvh">
      <AdminTopBar backTo="/admin/dashboard/menus" backLabel={t('admin.menu.builder.backToDashboard')}>
        <Link to="/admin/menu" className={`${buttonClass.secondary} hidden sm:inline-flex`}>
          {t('admin.menu.management.sidebar')}
        </Link>
      </AdminTopBar>
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">{t('admin.menu.management.title')}</h1>
            <p className="text-stone-600 dark:text-stone-400">{t('admin.menu.management.lead')}</p>
          </div>
          <Link to="?dialog=new" preventScrollReset className={buttonClass.primary} data-testid="add-menu">
            {t('admin.menu.management.addMenu')}
          </Link>
        </div>

        {menus.length === 0 ? (
          <EmptyState
            text={t('admin.menu.management.empty')}
            action={t('admin.menu.management.createFirst')}
            to="?dialog=new"
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {menus.map((menu) => (
              <li
                key={menu.id}
                className="grid content-start gap-3 rounded-2xl bg-white p-5 shadow-sm dark:bg-stone-900"
                data-testid="menu-card"
              >
                <div className="flex items-start gap-3">
                  <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-400">
                    <MenuTypeIcon type={menu.type} />
                  </span>
                  <div className="min-w-0 flex-1">
                    <h2 className="font-bold">{menu.name}</h2>
                    <p className="text-sm text-stone-600 dark:text-stone-400">
                      {t('admin.menu.common.categories', { count: menu.categories })} ·{' '}
                      {t('admin.menu.common.items', { count: menu.items })}
                    </p>
                  </div>
                  <MenuTypeBadge type={menu.type} />
                </div>
                {menu.description ? <p className="text-stone-700 dark:text-stone-300">{menu.description}</p> : null}
                <div className="flex flex-wrap gap-2">
                  <Link to={`/admin/menu-builder/${menu.id}`} className={`${buttonClass.primary} flex-1`}>
                    {menu.items > 0 ? t('admin.menu.management.editItems') : t('admin.menu.management.addItems')}
                  </Link>
                  <Link to={`?edit=${menu.id}`} preventScrollReset className={buttonClass.secondary}>
                    {t('admin.menu.common.edit')}
                  </Link>
                  <Link
                    to={`?delete=${menu.id}`}
                    preventScrollReset
                    className={`${buttonClass.secondary} text-red-800 dark:text-red-300`}
                  >
                    {t('admin.menu.common.delete')}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </main>

      <MenuDialog open={searchParams.get('dialog') === 'new'} closeTo="?" />
      {editing ? <MenuDialog open closeTo="?" menu={editing} /> : null}
      {deleting ? (
        <DeleteDialog
          open
          closeTo="?"
          intent="menu.delete"
          id={deleting.id}
          title={t('admin.menu.management.deleteTitle', { name: deleting.name })}
          text={t('admin.menu.management.deleteText')}
        />
      ) : null}
    </div>
  )
}
