import { redirect, type ActionFunctionArgs } from '@remix-run/cloudflare'
import { safeRedirect } from '~/server/http.server'
import { themeCookie } from '~/server/theme.server'
import { isTheme } from '~/domain/themes'

/** Keeps the chosen theme in a cookie and goes back to the page it was chosen on. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const theme = form.get('theme')
  const to = safeRedirect(form.get('redirectTo'))
  if (!isTheme(theme)) return redirect(to)
  return redirect(to, { headers: { 'Set-Cookie': await themeCookie.serialize(theme) } })
}

export const loader = () => redirect('/')
