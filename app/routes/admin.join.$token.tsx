import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { joinSchema } from '~/domain/schemas/team'
import { signedIn } from '~/server/auth/guard.server'
import { startSession } from '~/server/auth/session.server'
import { getDb } from '~/server/db/client.server'
import { retryAfter, tooManyText } from '~/server/http/rate-limit.server'
import { redirectWithToast } from '~/server/http/toast.server'
import {
  acceptAsMember,
  acceptAsNewcomer,
  hasAccount,
  openInvitation,
  type OpenedInvitation,
} from '~/server/team/invitations.server'
import { AuthCard } from '~/ui/admin/auth-card'
import { buttonClass } from '~/ui/button'
import { ErrorList, Field, StatusButton, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { pageTitle } from '~/ui/page-title'
import { useSchemaForm } from '~/ui/use-schema-form'

/*
 * An invitation's link (/admin/join/<token>), open to anyone who holds it.
 * Who is looking decides the page: a person without an account chooses a
 * name and a password; one with an account joins with it, signed in as the
 * email it was sent to; anyone signed in as another email is told so, and
 * nothing changes. A link unknown (404), or accepted, cancelled, resent or
 * expired (410), opens nothing.
 */

export const meta: MetaFunction<typeof loader> = (args) =>
  pageTitle(args, (t) => ({
    page:
      args.data && 'restaurantName' in args.data
        ? t('admin.team.join.title', { restaurant: args.data.restaurantName ?? '' })
        : t('admin.team.join.invalidTitle'),
  }))

/**
 * The invited email's own sign-in, when that is who is looking: a shared
 * device is the restaurant's, never anyone's account, even unlocked.
 */
async function invitedAccount(context: AppLoadContext, request: Request, email: string) {
  const who = await signedIn(context, request)
  const account = who?.person && !who.device ? { person: who.person, session: who.session } : null
  return { who, account: account?.person.email === email ? account : null }
}

/** What the page shows for this invitation and whoever is looking, with its status. */
async function pageOf(context: AppLoadContext, request: Request, opened: OpenedInvitation, status?: number) {
  if (opened.state === 'limited')
    return data(
      { view: 'limited' as const, message: await tooManyText(request, opened.limit) },
      { status: 429, headers: retryAfter(opened.limit) },
    )
  if (opened.state !== 'open')
    return data({ view: 'invalid' as const }, { status: opened.state === 'gone' ? 410 : 404 })
  const { email, role, restaurantName, inviterName } = opened.invitation
  const { who, account } = await invitedAccount(context, request, email)
  const view = account
    ? ('invited' as const)
    : who
      ? ('other' as const)
      : (await hasAccount(getDb(context.cloudflare.env.DB), email))
        ? ('account' as const)
        : ('new' as const)
  return data(
    { view, email, role, restaurantName, inviterName, signedInAs: who?.person?.email ?? null },
    { status: status ?? (view === 'other' ? 403 : 200) },
  )
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const opened = await openInvitation(context.cloudflare.env, params.token ?? '', context.clientAddress)
  return pageOf(context, request, opened)
}

/**
 * Accepts: with the signed-in account the invitation was sent to, or with a
 * new one (name and password) when nobody is signed in. Anything else shows
 * the page as it now stands, nothing changed.
 */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env
  const form = await request.formData()
  const opened = await openInvitation(env, params.token ?? '', context.clientAddress)
  if (opened.state !== 'open') return pageOf(context, request, opened)
  const { invitation } = opened
  const welcome = { title: 'admin.team.join.welcome', vars: { restaurant: invitation.restaurantName ?? '' } }
  const { who, account } = await invitedAccount(context, request, invitation.email)
  if (who) {
    if (!account) return pageOf(context, request, opened)
    const joined = await acceptAsMember(env, invitation.id, account)
    if (!joined.ok) return data({ view: 'invalid' as const }, { status: 410 })
    return redirectWithToast('/admin', welcome)
  }
  const submission = parseWithZod(form, { schema: joinSchema })
  if (submission.status !== 'success') return data(submission.reply({ hideFields: ['password'] }), { status: 400 })
  const accepted = await acceptAsNewcomer(env, invitation, submission.value)
  if (!accepted.ok)
    // The email has an account (made meanwhile, or a form sent past the page): it joins with that one.
    return accepted.code === 'EMAIL_TAKEN'
      ? pageOf(context, request, opened, 409)
      : data({ view: 'invalid' as const }, { status: 410 })
  const cookie = await startSession(getDb(env.DB), request, accepted.userId, accepted.restaurantId)
  return redirectWithToast('/admin', welcome, { headers: { 'Set-Cookie': cookie } })
}

export default function Join() {
  const loaded = useLoaderData<typeof loader>()
  const answered = useActionData<typeof action>()
  const { t } = useI18n()
  const pending = useIsPending()
  // A refusal answers with the page as it now stands; a form's errors leave it as it was.
  const page = answered && 'view' in answered ? answered : loaded
  if (page.view === 'invalid' || page.view === 'limited')
    return (
      <AuthCard title={t('admin.team.join.invalidTitle')}>
        <p role="alert" data-testid="join-invalid">
          {page.view === 'limited' ? page.message : t('admin.team.join.invalid')}
        </p>
      </AuthCard>
    )
  const role = t(`admin.team.roles.${page.role}`)
  return (
    <AuthCard title={t('admin.team.join.title', { restaurant: page.restaurantName ?? '' })}>
      <p className="mb-5 text-stone-600 dark:text-stone-400">
        {t('admin.team.join.lead', { inviter: page.inviterName ?? t('admin.brand'), role })}
      </p>
      {page.view === 'new' ? (
        <NewcomerForm email={page.email} result={answered && !('view' in answered) ? answered : undefined} />
      ) : page.view === 'invited' ? (
        <Form method="post" className="grid gap-4">
          <p>{t('admin.team.join.signedInAs', { email: page.email })}</p>
          <StatusButton pending={pending} className={buttonClass.primary} data-testid="join">
            {t('admin.team.join.joinAs', { email: page.email })}
          </StatusButton>
        </Form>
      ) : page.view === 'account' ? (
        <SignInToJoin email={page.email} />
      ) : (
        <div className="grid gap-4" data-testid="join-other">
          <p role="alert">{t('admin.team.join.otherAccount', { email: page.email })}</p>
          {page.signedInAs ? (
            <p className="text-sm text-stone-600 dark:text-stone-400">
              {t('admin.team.join.signedInAs', { email: page.signedInAs })}
            </p>
          ) : null}
          {/* A link could be followed by a prefetch or another site's page; ending a session is a write. */}
          <Form method="post" action="/api/logout" reloadDocument>
            <button type="submit" className={buttonClass.secondary}>
              {t('admin.team.join.signOut')}
            </button>
          </Form>
        </div>
      )}
    </AuthCard>
  )
}

function SignInToJoin({ email }: { email: string }) {
  const { t } = useI18n()
  const { pathname } = useLocation()
  return (
    <div className="grid gap-4" data-testid="join-sign-in">
      <p>{t('admin.team.join.existing', { email })}</p>
      <Link to={`/admin/login?redirectTo=${encodeURIComponent(pathname)}`} className={buttonClass.primary}>
        {t('admin.team.join.signIn')}
      </Link>
    </div>
  )
}

function NewcomerForm({ email, result }: { email: string; result: Parameters<typeof useSchemaForm>[1]['lastResult'] }) {
  const { t } = useI18n()
  const pending = useIsPending()
  const [form, fields] = useSchemaForm(joinSchema, { id: 'join', lastResult: result })
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <p className="break-all">
        <span className="font-semibold">{t('admin.team.invite.email')}: </span>
        {email}
      </p>
      <Field
        label={t('admin.team.join.name')}
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
      />
      <Field
        label={t('admin.team.join.password')}
        hint={t('admin.signup.passwordHint')}
        errors={fields.password.errors}
        inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
      />
      <StatusButton pending={pending} className={buttonClass.primary}>
        {t('admin.team.join.create')}
      </StatusButton>
    </Form>
  )
}
