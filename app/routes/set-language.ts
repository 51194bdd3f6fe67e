import { redirect, type ActionFunctionArgs } from '@remix-run/cloudflare'
import { isLanguage } from '~/locales'
import { safeRedirect } from '~/server/http/api.server'
import { languageCookie } from '~/server/http/i18n.server'

/** Back to the page the switch was on, without a `?lng=` that would outvote the choice just made. */
function backTo(value: FormDataEntryValue | null): string {
  const url = new URL(safeRedirect(value), 'https://mesa.invalid')
  url.searchParams.delete('lng')
  return `${url.pathname}${url.search}${url.hash}`
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const language = form.get('lng')
  const to = backTo(form.get('redirectTo'))
  if (!isLanguage(language)) return redirect(to)
  return redirect(to, { headers: { 'Set-Cookie': await languageCookie.serialize(language) } })
}

export const loader = () => redirect('/')
