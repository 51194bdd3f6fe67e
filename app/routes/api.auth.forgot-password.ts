import { forgotPasswordSchema } from '~/domain/schemas/auth'
import { startPasswordReset } from '~/server/auth/accounts.server'
import { json } from '~/server/http/api.server'
import { spend, tooManyResponse } from '~/server/http/rate-limit.server'
import { publicApi, withBody } from '~/server/http/resource-routes.server'

/** POST /api/auth/forgot-password: mails a reset link when the account exists; the answer never says. */
export const action = publicApi({
  POST: withBody(forgotPasswordSchema, async ({ request, context, env, translator, body }) => {
    const t = await translator()
    const spent = await spend(env, { passwordResetsPerAddress: context.clientAddress })
    if (!spent.ok) return tooManyResponse(request, spent.limit)
    startPasswordReset(env, context.cloudflare.ctx, body.email, new URL(request.url).origin)
    return json({ message: t('admin.forgot.sent') })
  }),
})

export const loader = action
