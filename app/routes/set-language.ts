import { redirect, type ActionFunctionArgs } from '@remix-run/cloudflare'
import { isLanguage } from '~/locales'
import { safeRedirect } from '~/server/http.server'
import { languageCookie } from '~/server/i18n.server'

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const language = form.get('lng')
  const to = safeRedirect(form.get('redirectTo'))
  if (!isLanguage(language)) return redirect(to)
  return redirect(to, { headers: { 'Set-Cookie': await languageCookie.serialize(language) } })
}

export const loader = () => redirect('/')
