import { redirect } from '@remix-run/cloudflare'
import { methodNotAllowed } from '~/server/http/api.server'

/** Navigating to /api/login starts signing in. */
export const loader = () => redirect('/admin/login')

export const action = methodNotAllowed('GET')
