import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useActionData } from '@remix-run/react'
import { forgotPasswordSchema } from '~/domain/schemas/auth'
import { startPasswordReset } from '~/server/auth/accounts.server'
import { spend, tooManyForm } from '~/server/http/rate-limit.server'
import { AuthCard } from '~/ui/admin/auth-card'
import { buttonClass } from '~/ui/button'
import { ErrorList, Field, StatusButton, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { pageTitle } from '~/ui/page-title'
import { useSchemaForm } from '~/ui/use-schema-form'

export const meta: MetaFunction = (args) => pageTitle(args, (t) => ({ page: t('admin.forgot.title') }))

const SUPPORT_EMAIL = 'soporte@mesa.mx'

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const env = context.cloudflare.env
  const spent = await spend(env, { passwordResetsPerAddress: context.clientAddress })
  if (!spent.ok) return tooManyForm(submission, request, spent.limit)
  startPasswordReset(env, context.cloudflare.ctx, submission.value.email, new URL(request.url).origin)
  // The same answer whether or not the account exists, so the form cannot tell who has one.
  return submission.reply()
}

export default function ForgotPassword() {
  const lastResult = useActionData<typeof action>()
  const { t } = useI18n()
  const pending = useIsPending()
  const [form, fields] = useSchemaForm(forgotPasswordSchema, { id: 'forgot-password', lastResult })
  const sentTo = lastResult?.status === 'success' ? String(lastResult.initialValue?.email ?? '').trim() : null
  return (
    <AuthCard title={sentTo ? t('admin.forgot.sentTitle') : t('admin.forgot.title')}>
      {sentTo ? (
        <div className="grid gap-3" role="status" data-testid="forgot-sent">
          <p>{t('admin.forgot.sent')}</p>
          <p className="font-semibold">{t('admin.forgot.sentTo', { email: sentTo })}</p>
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.forgot.spam')}</p>
        </div>
      ) : (
        <Form method="post" className="grid gap-4" {...getFormProps(form)}>
          <p className="text-stone-700 dark:text-stone-300">{t('admin.forgot.lead')}</p>
          <ErrorList id={form.errorId} errors={form.errors} alert testId="forgot-error" />
          <Field
            label={t('admin.forgot.email')}
            errors={fields.email.errors}
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          />
          <StatusButton pending={pending} className={buttonClass.primary}>
            {t('admin.forgot.submit')}
          </StatusButton>
        </Form>
      )}
      <p className="mt-5 text-center text-sm text-stone-600 dark:text-stone-400">
        {t('admin.forgot.support', { email: SUPPORT_EMAIL })}
      </p>
      <p className="mt-2 text-center">
        <Link to="/admin/login" className="font-semibold text-emerald-800 underline dark:text-emerald-400">
          {t('admin.forgot.backToLogin')}
        </Link>
      </p>
    </AuthCard>
  )
}
