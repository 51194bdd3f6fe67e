import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { Form, Link, useActionData } from '@remix-run/react'
import { loginSchema } from '~/domain/schemas/auth'
import { checkCredentials } from '~/server/auth/accounts.server'
import { principalOf } from '~/server/auth/guard.server'
import { startSession } from '~/server/auth/session.server'
import { getT } from '~/server/http/i18n.server'
import { minutesOf, tooManyForm } from '~/server/http/rate-limit.server'
import { getDb } from '~/server/db/client.server'
import { safeRedirect } from '~/server/http/api.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { AuthCard } from '~/ui/admin/auth-card'
import { buttonClass } from '~/ui/button'
import { ErrorList, Field, StatusButton, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { pageTitle } from '~/ui/page-title'
import { useSchemaForm } from '~/ui/use-schema-form'

export const meta: MetaFunction = (args) => pageTitle(args, (t) => ({ page: t('admin.login.title') }))

/** Only our own staff pages are followed after signing in. */
const afterSignIn = (value: string | null) => {
  const path = safeRedirect(value, '/admin')
  return path.startsWith('/admin') ? path : '/admin'
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await principalOf(context, request)) throw redirect('/admin')
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginSchema })
  // A refused password is never sent back into the page.
  if (submission.status !== 'success') return data(submission.reply({ hideFields: ['password'] }), { status: 400 })
  const result = await checkCredentials(context.cloudflare.env, submission.value, context.clientAddress)
  if (!result.ok) {
    if ('limit' in result) {
      const words = (await getT(request))('admin.errors.TOO_MANY_ATTEMPTS', { minutes: minutesOf(result.limit) })
      return tooManyForm(submission, request, result.limit, { words, hideFields: ['password'] })
    }
    return data(submission.reply({ formErrors: [`admin.errors.${result.code}`], hideFields: ['password'] }), {
      status: 401,
    })
  }
  const cookie = await startSession(getDb(context.cloudflare.env.DB), request, result.user.id, result.restaurantId)
  return redirectWithToast(
    afterSignIn(new URL(request.url).searchParams.get('redirectTo')),
    { title: 'admin.login.welcome' },
    { headers: { 'Set-Cookie': cookie } },
  )
}

export default function Login() {
  const lastResult = useActionData<typeof action>()
  const { t } = useI18n()
  const pending = useIsPending()
  const [form, fields] = useSchemaForm(loginSchema, { id: 'login', lastResult })
  return (
    <AuthCard title={t('admin.login.title')}>
      <Form method="post" className="grid gap-4" {...getFormProps(form)}>
        <ErrorList id={form.errorId} errors={form.errors} alert testId="login-error" />
        <Field
          label={t('admin.login.email')}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        />
        <Field
          label={t('admin.login.password')}
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
        />
        <StatusButton
          pending={pending}
          pendingText={t('admin.login.submitting')}
          className={`${buttonClass.primary} w-full`}
        >
          {t('admin.login.submit')}
        </StatusButton>
      </Form>
      <div className="mt-5 grid gap-2 text-center">
        <Link to="/admin/forgot-password" className="font-semibold text-emerald-800 underline dark:text-emerald-400">
          {t('admin.login.forgot')}
        </Link>
        <Link to="/admin/signup" className="font-semibold text-emerald-800 underline dark:text-emerald-400">
          {t('admin.login.signup')}
        </Link>
      </div>
    </AuthCard>
  )
}
