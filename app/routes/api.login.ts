import { redirect } from '@remix-run/cloudflare'

/** Navigating to /api/login starts signing in. */
export const loader = () => redirect('/admin/login')
