import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useParams } from '@remix-run/react'
import { resetPasswordSchema } from '~/domain/schemas/auth'
import { isResetTokenUsable, resetPassword } from '~/server/auth/accounts.server'
import { getDb } from '~/server/db/client.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { AuthCard } from '~/ui/admin/auth-card'
import { buttonClass } from '~/ui/button'
import { Field, StatusButton, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { pageTitle } from '~/ui/page-title'
import { useSchemaForm } from '~/ui/use-schema-form'

export const meta: MetaFunction = (args) => pageTitle(args, (t) => ({ page: t('admin.reset.title') }))

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? ''
  const wellFormed = resetPasswordSchema.shape.token.safeParse(token).success
  return { usable: wellFormed && (await isResetTokenUsable(getDb(context.cloudflare.env.DB), token)) }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData()
  // The token is the one in the address, whatever the form carries.
  form.set('token', params.token ?? '')
  const submission = parseWithZod(form, { schema: resetPasswordSchema })
  if (submission.status !== 'success') return data(submission.reply({ hideFields: ['password'] }), { status: 400 })
  const result = await resetPassword(context.cloudflare.env, submission.value.token, submission.value.password)
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { token: ['admin.errors.resetInvalid'] }, hideFields: ['password'] }), {
      status: 400,
    })
  return redirectWithToast('/admin/login', { title: 'admin.reset.doneTitle', description: 'admin.reset.doneText' })
}

export default function ResetPassword() {
  const { usable } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { token } = useParams()
  const { t } = useI18n()
  const pending = useIsPending()
  const [form, fields] = useSchemaForm(resetPasswordSchema, {
    id: 'reset-password',
    lastResult,
    defaultValue: { token },
  })
  return (
    <AuthCard title={t('admin.reset.title')}>
      {!usable || fields.token.errors ? (
        <div className="grid gap-4" role="alert" data-testid="reset-invalid">
          <p>{t('admin.errors.resetInvalid')}</p>
          <Link to="/admin/forgot-password" className={buttonClass.primary}>
            {t('admin.reset.requestNew')}
          </Link>
        </div>
      ) : (
        <Form method="post" className="grid gap-4" {...getFormProps(form)}>
          <input {...getInputProps(fields.token, { type: 'hidden' })} />
          <Field
            label={t('admin.reset.password')}
            hint={t('admin.signup.passwordHint')}
            errors={fields.password.errors}
            inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
          />
          <StatusButton pending={pending} className={buttonClass.primary}>
            {t('admin.reset.submit')}
          </StatusButton>
        </Form>
      )}
    </AuthCard>
  )
}
