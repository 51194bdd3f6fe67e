import { redirect, type LoaderFunctionArgs } from '@remix-run/cloudflare'
import { customerPath } from '~/domain/customer-paths'

/** /customer/{sessionId} is a table entry: it leads to the bill. */
export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(customerPath.bill(encodeURIComponent(params.sessionId ?? '')), 301)
