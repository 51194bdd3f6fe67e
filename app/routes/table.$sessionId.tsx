import { redirect, type LoaderFunctionArgs } from '@remix-run/cloudflare'
import { customerPath } from '~/domain/customer-paths'

/** /table/{sessionId}, the short form for printed codes, leads to the bill. */
export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(customerPath.bill(encodeURIComponent(params.sessionId ?? '')), 301)
