import { redirect, type ActionFunctionArgs } from '@remix-run/cloudflare'
import { endSession } from '~/server/auth/session.server'
import { methodNotAllowed } from '~/server/http/api.server'

/** GET does nothing: a link (or a prefetch, or another site's image) must not sign anyone out. */
export const loader = methodNotAllowed('POST')

/** POST /api/logout (the dashboard's form) ends the session, closes its live screens and goes home. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  return redirect('/', { headers: { 'Set-Cookie': await endSession(context.cloudflare.env, request) } })
}
