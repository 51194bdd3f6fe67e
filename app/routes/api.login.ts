import { redirect } from '@remix-run/cloudflare'

/** Navigating to /api/login starts signing in (SPEC §7). */
export const loader = () => redirect('/admin/login')
