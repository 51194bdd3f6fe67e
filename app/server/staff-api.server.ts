import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { requireStaffApi, type StaffUser } from './auth/session.server'
import { getDb, type Db } from './db/client.server'
import { api, ApiError } from './http.server'
import { getT } from './i18n.server'

export interface StaffApiArgs {
  request: Request
  params: LoaderFunctionArgs['params']
  env: Env
  db: Db
  user: StaffUser
  t: Awaited<ReturnType<typeof getT>>
}

type Handler = (args: StaffApiArgs) => Promise<Response>

/**
 * A signed-in owner's endpoint: 401 without a session, JSON `{ message }` on
 * every failure, and one handler per HTTP method (405 for the others).
 */
export function staffApi(handlers: Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', Handler>>) {
  const allowed = Object.keys(handlers).join(', ')
  return api(async ({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) => {
    // HEAD is a GET without its body (the runtime drops the body).
    const handler = handlers[(request.method === 'HEAD' ? 'GET' : request.method) as keyof typeof handlers]
    if (!handler) throw new ApiError(405, `Method not allowed; use ${allowed}.`)
    const user = await requireStaffApi(context, request)
    const env = context.cloudflare.env
    return handler({ request, params, env, db: getDb(env.DB), user, t: await getT(request) })
  })
}

/** What another owner's (or an unknown) menu, category, item or modifier answers. */
export function menuNotFound(t: StaffApiArgs['t']): ApiError {
  return new ApiError(404, t('admin.menu.errors.notFound'))
}
