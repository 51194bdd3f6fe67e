import { redirect, type LoaderFunctionArgs } from '@remix-run/cloudflare'
import { requireStaff, type PageAccess } from '~/server/auth/guard.server'

/*
 * The old sidebar menu builder's address: the one menu editor does its work
 * now, so it leads there, to the menu it named (?menu=) with the dialog it
 * asked for (?dialog=, ?edit=, ?delete= mean the same there).
 */

export const access: PageAccess = { view: 'menus.manage' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, 'page', access.view)
  const search = new URL(request.url).searchParams
  const menuId = search.get('menu')
  search.delete('menu')
  const rest = search.size > 0 ? `?${search}` : ''
  throw redirect(`/admin/menu-builder${menuId ? `/${menuId}` : ''}${rest}`)
}
