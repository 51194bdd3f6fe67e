import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/cloudflare'
import { endSession } from '~/server/auth/session.server'

/** /api/logout ends the session and goes home; a link or a form both work. */
async function logout({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  return redirect('/', { headers: { 'Set-Cookie': await endSession(context.cloudflare.env, request) } })
}

export const loader = logout
export const action = logout
