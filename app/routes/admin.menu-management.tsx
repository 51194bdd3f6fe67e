import { redirect, type LoaderFunctionArgs } from '@remix-run/cloudflare'
import { requireStaff, type PageAccess } from '~/server/auth/guard.server'

/*
 * The menus' old management page: the one menu editor lists the menus now,
 * so its address leads there, a "new menu" link still opening that dialog.
 */

export const access: PageAccess = { view: 'menus.manage' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, 'page', access.view)
  const newMenu = new URL(request.url).searchParams.get('dialog') === 'new'
  throw redirect(`/admin/menu-builder${newMenu ? '?dialog=menu' : ''}`)
}
