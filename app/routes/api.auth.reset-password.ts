import { resetPasswordSchema } from '~/domain/schemas/auth'
import { resetPassword } from '~/server/auth/accounts.server'
import { apiError, json } from '~/server/http/api.server'
import { publicApi, withBody } from '~/server/http/resource-routes.server'

/** POST /api/auth/reset-password: a new password with a single-use, expiring token; every session ends. */
export const action = publicApi({
  POST: withBody(resetPasswordSchema, async ({ env, translator, body }) => {
    const t = await translator()
    const result = await resetPassword(env, body.token, body.password)
    if (!result.ok) return apiError(result.code, t('admin.errors.resetInvalid'))
    return json({ message: t('admin.reset.doneTitle') })
  }),
})

export const loader = action
