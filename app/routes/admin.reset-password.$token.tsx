import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { resetPasswordSchema } from '~/domain/schemas/auth'
import { isResetTokenUsable, resetPassword } from '~/server/auth/accounts.server'
import { getDb } from '~/server/db/client.server'
import { redirectWithToast } from '~/server/toast.server'
import { AuthCard } from '~/ui/admin/auth-card'
import { buttonClass } from '~/ui/button'
import { Field } from '~/ui/field'
import { useI18n } from '~/ui/i18n'

export const meta: MetaFunction = () => [{ title: 'Mesa · Nueva contraseña' }]

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? ''
  const wellFormed = resetPasswordSchema.shape.token.safeParse(token).success
  return { usable: wellFormed && (await isResetTokenUsable(getDb(context.cloudflare.env.DB), token)) }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData()
  form.set('token', params.token ?? '')
  const submission = parseWithZod(form, { schema: resetPasswordSchema })
  if (submission.status !== 'success') return data({ errors: submission.error ?? {}, invalid: Boolean(submission.error?.token) }, { status: 400 })
  const result = await resetPassword(getDb(context.cloudflare.env.DB), submission.value.token, submission.value.password)
  if (!result.ok) return data({ errors: {}, invalid: true }, { status: 400 })
  return redirectWithToast('/admin/login', { title: 'admin.reset.doneTitle', description: 'admin.reset.doneText' })
}

export default function ResetPassword() {
  const { usable } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { t } = useI18n()
  const pending = useNavigation().state === 'submitting'
  const errors: Record<string, string[] | null> = result?.errors ?? {}
  return (
    <AuthCard title={t('admin.reset.title')}>
      {!usable || result?.invalid ? (
        <div className="grid gap-4" role="alert" data-testid="reset-invalid">
          <p>{t('admin.errors.resetInvalid')}</p>
          <Link to="/admin/forgot-password" className={buttonClass.primary}>
            {t('admin.reset.requestNew')}
          </Link>
        </div>
      ) : (
        <Form method="post" className="grid gap-4" noValidate>
          <Field label={t('admin.reset.password')} name="password" type="password" autoComplete="new-password" hint={t('admin.signup.passwordHint')} error={errors.password} />
          <button type="submit" className={buttonClass.primary} disabled={pending}>
            {t('admin.reset.submit')}
          </button>
        </Form>
      )}
    </AuthCard>
  )
}
