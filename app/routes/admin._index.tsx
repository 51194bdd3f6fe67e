import { redirect } from '@remix-run/cloudflare'

/** /admin has no page of its own: staff start at the dashboard. */
export const loader = () => redirect('/admin/dashboard')
