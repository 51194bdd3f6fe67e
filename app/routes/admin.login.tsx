import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { loginSchema } from '~/domain/schemas/auth'
import { checkCredentials } from '~/server/auth/accounts.server'
import { getStaffUser, startSession } from '~/server/auth/session.server'
import { clientAddressOf } from '~/server/rate-limit.server'
import { getDb } from '~/server/db/client.server'
import { safeRedirect } from '~/server/http.server'
import { redirectWithToast } from '~/server/toast.server'
import { AuthCard } from '~/ui/admin/auth-card'
import { buttonClass } from '~/ui/button'
import { Field } from '~/ui/field'
import { useI18n } from '~/ui/i18n'

export const meta: MetaFunction = () => [{ title: 'Mesa · Iniciar sesión' }]

/** Only our own staff pages are followed after signing in. */
const afterSignIn = (value: string | null) => {
  const path = safeRedirect(value, '/admin/dashboard')
  return path.startsWith('/admin') ? path : '/admin/dashboard'
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getStaffUser(context, request)) throw redirect('/admin/dashboard')
  return null
}

type LoginResult = { fields: Record<string, string[] | null>; message: string | null }

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const submission = parseWithZod(form, { schema: loginSchema })
  if (submission.status !== 'success') return data<LoginResult>({ fields: submission.error ?? {}, message: null }, { status: 400 })
  const db = getDb(context.cloudflare.env.DB)
  const result = await checkCredentials(db, submission.value, clientAddressOf(request))
  if (!result.ok) return data<LoginResult>({ fields: {}, message: `admin.errors.${result.code}` }, { status: result.code === 'TOO_MANY_ATTEMPTS' ? 429 : 401 })
  const cookie = await startSession(db, request, result.user.id)
  return redirectWithToast(afterSignIn(new URL(request.url).searchParams.get('redirectTo')), { title: 'admin.login.welcome' }, { headers: { 'Set-Cookie': cookie } })
}

export default function Login() {
  const result = useActionData<typeof action>()
  const { t } = useI18n()
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting'
  return (
    <AuthCard title={t('admin.login.title')}>
      <Form method="post" className="grid gap-4" noValidate>
        {result?.message ? (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-900" data-testid="login-error">
            {t(result.message)}
          </p>
        ) : null}
        <Field label={t('admin.login.email')} name="email" type="email" autoComplete="email" required error={result?.fields.email} />
        <Field label={t('admin.login.password')} name="password" type="password" autoComplete="current-password" required error={result?.fields.password} />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={pending}>
          {pending ? t('admin.login.submitting') : t('admin.login.submit')}
        </button>
      </Form>
      <div className="mt-5 grid gap-2 text-center">
        <Link to="/admin/forgot-password" className="font-semibold text-emerald-800 underline">
          {t('admin.login.forgot')}
        </Link>
        <Link to="/admin/signup" className="font-semibold text-emerald-800 underline">
          {t('admin.login.signup')}
        </Link>
      </div>
    </AuthCard>
  )
}
