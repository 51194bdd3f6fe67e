import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from '@remix-run/cloudflare'
import type { z } from 'zod'
import type { TFunction } from '~/locales/translate'
import { requireStaff, type ApiAccess, type Principal } from '../auth/guard.server'
import { getDb, type Db } from '../db/client.server'
import { api, ApiError, readJson } from './api.server'
import { getT } from './i18n.server'

/*
 * The two ways to write an `/api` resource route, one per audience: public
 * (diners, sign-up and sign-in, the site's forms, Stripe) and staff (behind
 * the one guard). Both check the method (405 for one the route does not
 * serve, even before the session), answer every failure as JSON
 * `{ message, code }`, and give each method's handler what it needs; a
 * handler wrapped in `withBody` gets its JSON body parsed by its schema.
 * A route exports the same wrapper as its loader and its action (the one
 * address with two audiences, a menu's PDF, has one of each).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

interface PublicApiArgs {
  request: Request
  params: LoaderFunctionArgs['params']
  context: AppLoadContext
  env: Env
  /** The request's translator, for messages a person reads; read only when needed (a payment's path has none). */
  translator: () => Promise<TFunction>
}

interface StaffApiArgs extends PublicApiArgs, Principal {
  db: Db
  t: TFunction
}

type Handlers<Args> = Partial<Record<Method, (args: Args) => Promise<Response>>>

/** The handler for the request's method; HEAD is a GET without its body (the runtime drops the body). */
function handlerFor<Args>(handlers: Handlers<Args>, request: Request) {
  const handler = handlers[(request.method === 'HEAD' ? 'GET' : request.method) as Method]
  if (!handler) throw new ApiError('METHOD_NOT_ALLOWED', `Method not allowed; use ${Object.keys(handlers).join(', ')}.`)
  return handler
}

function lazyT(request: Request): () => Promise<TFunction> {
  let t: Promise<TFunction> | undefined
  return () => (t ??= getT(request))
}

/** An endpoint anyone may call. */
export function publicApi(handlers: Handlers<PublicApiArgs>) {
  return api(async ({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) => {
    const handler = handlerFor(handlers, request)
    return handler({ request, params, context, env: context.cloudflare.env, translator: lazyT(request) })
  })
}

/**
 * A staff endpoint: the one guard first, with the permission `access` names
 * for the request's method (401 without a session, 403 when the role does
 * not allow it), then the handler with the principal. The route exports its
 * `access` too, so the permission matrix test reads each route's rule.
 */
export function staffApi<Access extends ApiAccess>(
  access: Access,
  handlers: { [M in keyof Access]: (args: StaffApiArgs) => Promise<Response> },
) {
  return api(async ({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) => {
    const handler = handlerFor(handlers as Handlers<StaffApiArgs>, request)
    const method = (request.method === 'HEAD' ? 'GET' : request.method) as keyof ApiAccess
    const principal = await requireStaff(context, request, 'api', access[method]!)
    const env = context.cloudflare.env
    const t = await getT(request)
    return handler({ ...principal, request, params, context, env, db: getDb(env.DB), t, translator: async () => t })
  })
}

/**
 * A handler whose JSON body is read through `schema` first: 415 unless sent
 * as JSON, 413 when too large, 400 `INVALID_REQUEST` with each field's issue
 * in the request's language.
 */
export function withBody<Schema extends z.ZodType, Args extends PublicApiArgs>(
  schema: Schema,
  handler: (args: Args & { body: z.output<Schema> }) => Promise<Response>,
) {
  return async (args: Args) => handler({ ...args, body: await readJson(args.request, schema, args.translator) })
}

/** What another owner's (or an unknown) menu, category, item or modifier answers. */
export function menuNotFound(t: TFunction): ApiError {
  return new ApiError('NOT_FOUND', t('admin.menu.errors.notFound'))
}
