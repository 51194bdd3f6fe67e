import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs } from '@remix-run/cloudflare'
import { contactSchema, waitlistSchema } from '~/domain/schemas/public'
import { getDb } from './db/client.server'
import { typedValues } from './http.server'
import { joinWaitlist, requestContact } from './public-forms.server'
import { redirectWithToast } from './toast.server'

export type PublicActionResult =
  | { intent: 'waitlist' | 'contact'; ok: false; errors: Record<string, string[] | null>; values: Record<string, string>; message: string | null }
  | { intent: 'waitlist'; ok: true; entry: { name: string; email: string; restaurantName: string; message: string | null } }

/**
 * The waitlist and contact dialogs of every public page post here (to the
 * page itself, so a refused form comes back open with its errors; it works
 * without JavaScript). Same schemas and storage as /api/waitlist and /api/contact.
 */
export async function publicAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const intent = form.get('intent') === 'contact' ? 'contact' : 'waitlist'
  const values = typedValues(form)
  const db = getDb(context.cloudflare.env.DB)
  const refuse = (errors: Record<string, string[] | null>, message: string | null, status: number) =>
    data<PublicActionResult>({ intent, ok: false, errors, values, message }, { status })

  if (intent === 'contact') {
    const submission = parseWithZod(form, { schema: contactSchema, disableAutoCoercion: true })
    if (submission.status !== 'success') return refuse(submission.error ?? {}, null, 400)
    if (!(await requestContact(db, request, submission.value))) return refuse({}, 'site.errors.tooMany', 429)
    // Closing the dialog resets the fields; the thanks follows as a toast on the same page.
    const url = new URL(request.url)
    url.searchParams.delete('dialog')
    url.searchParams.delete('index')
    return redirectWithToast(`${url.pathname}${url.search}`, { title: 'site.contact.thanks' })
  }
  const submission = parseWithZod(form, { schema: waitlistSchema, disableAutoCoercion: true })
  if (submission.status !== 'success') return refuse(submission.error ?? {}, null, 400)
  if (!(await joinWaitlist(db, request, submission.value))) return refuse({}, 'site.errors.tooMany', 429)
  const { name, email, restaurantName, message } = submission.value
  return data<PublicActionResult>({ intent, ok: true, entry: { name, email, restaurantName, message } })
}
