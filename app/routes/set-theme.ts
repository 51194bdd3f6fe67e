import { redirect, replace, type ActionFunctionArgs } from '@remix-run/cloudflare'
import { safeRedirect } from '~/server/http/api.server'
import { themeCookie } from '~/server/http/theme.server'
import { isTheme } from '~/domain/themes'

/**
 * Keeps the chosen theme in a cookie and goes back to the page it was chosen
 * on; with JavaScript in place of that page in the history, so Back still
 * leaves it.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const theme = form.get('theme')
  const to = safeRedirect(form.get('redirectTo'))
  if (!isTheme(theme)) return replace(to)
  return replace(to, { headers: { 'Set-Cookie': await themeCookie.serialize(theme) } })
}

export const loader = () => redirect('/')
