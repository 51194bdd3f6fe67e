import { redirect, type LoaderFunctionArgs } from '@remix-run/cloudflare'
import { customerPath } from '~/domain/customer-paths'

/**
 * The review step that stood between a choice and the tip: what is paid is
 * now said on the tip step itself, so a link to this one (an old tab, a
 * bookmark) goes on there with the same choice.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  return redirect(customerPath.tip(params.sessionId ?? '', new URL(request.url).searchParams))
}
