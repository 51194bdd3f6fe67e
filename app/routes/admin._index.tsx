import { redirect } from '@remix-run/cloudflare'

/** /admin is the dashboard (SPEC §2.1). */
export const loader = () => redirect('/admin/dashboard')
