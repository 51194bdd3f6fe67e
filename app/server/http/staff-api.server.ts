import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { requireStaff, type Principal } from '../auth/guard.server'
import { getDb, type Db } from '../db/client.server'
import { api, ApiError } from './api.server'
import { getT } from './i18n.server'

export interface StaffApiArgs extends Principal {
  request: Request
  params: LoaderFunctionArgs['params']
  env: Env
  db: Db
  t: Awaited<ReturnType<typeof getT>>
}

type Handler = (args: StaffApiArgs) => Promise<Response>

/**
 * A staff endpoint: the one guard first (401 without a session), JSON
 * `{ message, code }` on every failure, and one handler per HTTP method
 * (405 for the others), each given the principal.
 */
export function staffApi(handlers: Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', Handler>>) {
  const allowed = Object.keys(handlers).join(', ')
  return api(async ({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) => {
    // HEAD is a GET without its body (the runtime drops the body).
    const handler = handlers[(request.method === 'HEAD' ? 'GET' : request.method) as keyof typeof handlers]
    if (!handler) throw new ApiError('METHOD_NOT_ALLOWED', `Method not allowed; use ${allowed}.`)
    const principal = await requireStaff(context, request, 'api')
    const env = context.cloudflare.env
    return handler({ ...principal, request, params, env, db: getDb(env.DB), t: await getT(request) })
  })
}

/** What another owner's (or an unknown) menu, category, item or modifier answers. */
export function menuNotFound(t: StaffApiArgs['t']): ApiError {
  return new ApiError('NOT_FOUND', t('admin.menu.errors.notFound'))
}
