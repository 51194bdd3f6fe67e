import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import worker from '../../workers/app'

/**
 * Sends `request` to the Worker's fetch handler (with `vars` over the test
 * environment's) and answers once the work it left running after its answer
 * (ctx.waitUntil: mail, for one) has ended too, so a test can count what that
 * work did, or did not do.
 */
export async function served(request: Request, vars: Record<string, unknown> = {}): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await worker.fetch!(
    request as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...vars } as Env,
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return response
}
