import { redirect, type LoaderFunctionArgs } from '@remix-run/cloudflare'
import { homeOf } from '~/domain/permissions'
import { principalOf } from '~/server/auth/guard.server'

/** /admin has no page of its own: each member starts where their role works (signing in leads here). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const principal = await principalOf(context, request)
  return redirect(principal ? homeOf(principal.role) : '/admin/login')
}
