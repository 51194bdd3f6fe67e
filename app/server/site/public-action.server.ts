import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs } from '@remix-run/cloudflare'
import { contactSchema, waitlistSchema } from '~/domain/schemas/public'
import { getDb } from '../db/client.server'
import { joinWaitlist, requestContact } from './public-forms.server'
import { spend, tooManyForm } from '../http/rate-limit.server'
import { redirectWithToast } from '../http/toast.server'

/**
 * The waitlist and contact dialogs of every public page post here (to the
 * page itself, so a refused form comes back open with its errors; it works
 * without JavaScript). Same schemas and storage as /api/waitlist and /api/contact.
 */
export async function publicAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const env = context.cloudflare.env
  const db = getDb(env.DB)

  if (form.get('intent') === 'contact') {
    const submission = parseWithZod(form, { schema: contactSchema, disableAutoCoercion: true })
    if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
    const spent = await spend(env, { contactPerAddress: context.clientAddress })
    if (!spent.ok) return tooManyForm(submission, request, spent.limit)
    await requestContact(db, submission.value)
    // Closing the dialog resets the fields; the thanks follows as a toast on the same page.
    const url = new URL(request.url)
    url.searchParams.delete('dialog')
    url.searchParams.delete('index')
    return redirectWithToast(`${url.pathname}${url.search}`, { title: 'site.contact.thanks' })
  }
  const submission = parseWithZod(form, { schema: waitlistSchema, disableAutoCoercion: true })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const spent = await spend(env, { waitlistPerAddress: context.clientAddress })
  if (!spent.ok) return tooManyForm(submission, request, spent.limit)
  await joinWaitlist(db, submission.value)
  return submission.reply()
}
