import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { forgotPasswordSchema } from '~/domain/schemas/auth'
import { requestPasswordReset } from '~/server/auth/accounts.server'
import { getDb } from '~/server/db/client.server'
import { getMailer } from '~/server/mail/mailer.server'
import { AuthCard } from '~/ui/admin/auth-card'
import { buttonClass } from '~/ui/button'
import { Field } from '~/ui/field'
import { useI18n } from '~/ui/i18n'

export const meta: MetaFunction = () => [{ title: 'Mesa · Recuperar contraseña' }]

const SUPPORT_EMAIL = 'soporte@mesa.mx'

type ForgotResult = { sentTo: string | null; errors: Record<string, string[] | null> }

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema })
  if (submission.status !== 'success') return data<ForgotResult>({ sentTo: null, errors: submission.error ?? {} }, { status: 400 })
  const env = context.cloudflare.env
  await requestPasswordReset(getDb(env.DB), getMailer(env), submission.value.email, new URL(request.url).origin)
  // The same answer whether or not the account exists (SPEC §8).
  return data<ForgotResult>({ sentTo: submission.value.email, errors: {} })
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>()
  const { t } = useI18n()
  const pending = useNavigation().state === 'submitting'
  return (
    <AuthCard title={result?.sentTo ? t('admin.forgot.sentTitle') : t('admin.forgot.title')}>
      {result?.sentTo ? (
        <div className="grid gap-3" role="status" data-testid="forgot-sent">
          <p>{t('admin.forgot.sent')}</p>
          <p className="font-semibold">{t('admin.forgot.sentTo', { email: result.sentTo })}</p>
          <p className="text-sm text-stone-600">{t('admin.forgot.spam')}</p>
        </div>
      ) : (
        <Form method="post" className="grid gap-4" noValidate>
          <p className="text-stone-700">{t('admin.forgot.lead')}</p>
          <Field label={t('admin.forgot.email')} name="email" type="email" autoComplete="email" error={result?.errors.email} />
          <button type="submit" className={buttonClass.primary} disabled={pending}>
            {t('admin.forgot.submit')}
          </button>
        </Form>
      )}
      <p className="mt-5 text-center text-sm text-stone-600">{t('admin.forgot.support', { email: SUPPORT_EMAIL })}</p>
      <p className="mt-2 text-center">
        <Link to="/admin/login" className="font-semibold text-emerald-800 underline">
          {t('admin.forgot.backToLogin')}
        </Link>
      </p>
    </AuthCard>
  )
}
