import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Link } from '@remix-run/react'
import { requireStaff, type PageAccess } from '~/server/auth/guard.server'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'

export const access: PageAccess = { view: 'menus.manage' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, 'page', access.view)
  return null
}

/** The Menús tab: the way into the menu editor. */
export default function MenusTab() {
  const { t } = useI18n()
  return (
    <section className="max-w-2xl rounded-3xl bg-white p-6 shadow-sm dark:bg-stone-900">
      <h1 className="text-2xl font-bold">{t('admin.menus.title')}</h1>
      <p className="mt-2 mb-5 text-stone-700 dark:text-stone-300">{t('admin.menus.text')}</p>
      <div className="flex flex-wrap gap-2">
        <Link to="/admin/menu-builder" className={buttonClass.primary}>
          {t('admin.menus.open')}
        </Link>
      </div>
    </section>
  )
}
