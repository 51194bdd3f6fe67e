import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData, useSearchParams } from '@remix-run/react'
import { rolesManagedBy } from '~/domain/permissions'
import { invitationSchema, inviteSchema, memberRoleSchema, memberSchema } from '~/domain/schemas/team'
import {
  demandManages,
  requireStaff,
  requireStaffForm,
  type PageAccess,
  type Principal,
} from '~/server/auth/guard.server'
import { getDb } from '~/server/db/client.server'
import { getT } from '~/server/http/i18n.server'
import { redirectWithToast } from '~/server/http/toast.server'
import {
  cancelInvitation,
  findPendingInvitation,
  invite,
  pendingInvitations,
  resendInvitation,
  type Letter,
} from '~/server/team/invitations.server'
import { changeRole, findMember, membersOf, removeMember, type TeamWrite } from '~/server/team/members.server'
import { InvitationList, InviteForm, MemberList, RemoveDialog, TEAM } from '~/ui/admin/team'
import { useDashboardPrincipal } from '~/ui/admin/use-dashboard-principal'
import { useI18n } from '~/ui/i18n'

/**
 * Equipo: who works here and their roles, the pending invitations and a new
 * one. Every form needs the team's page; which members, invitations and
 * roles it may touch is `rolesManagedBy`, asked once the form is read
 * (`demandManages`): a manager's form about anyone but a waiter is refused
 * whatever it sends.
 */
export const access: PageAccess = {
  view: 'team.view',
  intents: { invite: 'team.view', resend: 'team.view', cancel: 'team.view', role: 'team.view', remove: 'team.view' },
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { restaurant, person, role } = await requireStaff(context, request, 'page', access.view)
  const db = getDb(context.cloudflare.env.DB)
  const [members, invitations] = await Promise.all([
    membersOf(db, restaurant.id),
    pendingInvitations(db, restaurant.id),
  ])
  // The server refuses the last owner's leaving whatever is sent; the page does not offer it.
  const owners = members.filter((member) => member.role === 'owner')
  const lastOwner = owners.length === 1 ? owners[0]!.userId : null
  // `now` comes from here so the page reads the same rendered and hydrated.
  return { members, invitations, you: person.id, managed: rolesManagedBy(role), lastOwner, now: Date.now() }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const principal = await requireStaffForm(context, request, access, form)
  const intent = form.get('intent')
  const env = context.cloudflare.env
  if (intent === 'invite') return inviting(env, principal, request, form)
  if (intent === 'resend' || intent === 'cancel') return pendingChange(env, principal, request, form, intent)
  if (intent === 'role') return roleChange(env, principal, request, form)
  return removal(env, principal, request, form)
}

const letterFor = async (request: Request): Promise<Letter> => ({
  t: await getT(request),
  origin: new URL(request.url).origin,
})

/** A mail that did not go out is said, so the inviter sends it again. */
const mailFailed = () => redirectWithToast(TEAM, { title: 'admin.team.invite.mailFailed', variant: 'destructive' })

async function inviting(env: Env, principal: Principal, request: Request, form: FormData) {
  const submission = parseWithZod(form, { schema: inviteSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  await demandManages(principal, request, [submission.value.role])
  const result = await invite(env, principal, submission.value, await letterFor(request))
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { email: ['admin.team.invite.already'] } }), { status: 409 })
  if (!result.mailed) return mailFailed()
  return redirectWithToast(TEAM, { title: 'admin.team.invite.sent', vars: { email: submission.value.email } })
}

async function pendingChange(
  env: Env,
  principal: Principal,
  request: Request,
  form: FormData,
  intent: 'resend' | 'cancel',
) {
  const submission = parseWithZod(form, { schema: invitationSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const { invitationId } = submission.value
  const invitation = await findPendingInvitation(getDb(env.DB), principal.restaurant.id, invitationId)
  if (!invitation) throw data(null, { status: 404 })
  await demandManages(principal, request, [invitation.role])
  if (intent === 'cancel') {
    if (!(await cancelInvitation(env, principal, invitationId))) throw data(null, { status: 404 })
    return redirectWithToast(TEAM, { title: 'admin.team.invite.cancelled' })
  }
  const resent = await resendInvitation(env, principal, invitationId, await letterFor(request))
  if (!resent) throw data(null, { status: 404 })
  if (!resent.mailed) return mailFailed()
  return redirectWithToast(TEAM, { title: 'admin.team.invite.resent' })
}

async function roleChange(env: Env, principal: Principal, request: Request, form: FormData) {
  const submission = parseWithZod(form, { schema: memberRoleSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const { userId, role } = submission.value
  const member = await findMember(getDb(env.DB), principal.restaurant.id, userId)
  if (!member) throw data(null, { status: 404 })
  // Another owner changes one's role: nobody raises their own, and no owner steps down by a slip.
  if (userId === principal.person.id)
    return data(submission.reply({ formErrors: ['admin.team.ownRole'] }), { status: 403 })
  await demandManages(principal, request, [member.role, role])
  const written = await changeRole(env, principal, userId, role)
  if (!written.ok) return refusal(principal, request, submission, written)
  return redirectWithToast(TEAM, { title: 'admin.team.roleChanged' })
}

async function removal(env: Env, principal: Principal, request: Request, form: FormData) {
  const submission = parseWithZod(form, { schema: memberSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const { userId } = submission.value
  const member = await findMember(getDb(env.DB), principal.restaurant.id, userId)
  if (!member) throw data(null, { status: 404 })
  await demandManages(principal, request, [member.role])
  const written = await removeMember(env, principal, userId)
  if (!written.ok) return refusal(principal, request, submission, written)
  // Leaving ended one's own session here too.
  if (userId === principal.person.id)
    return redirectWithToast('/admin/login', {
      title: 'admin.team.left',
      vars: { restaurant: principal.restaurant.restaurantName ?? '' },
    })
  return redirectWithToast(TEAM, { title: 'admin.team.removed', vars: { name: member.name ?? member.email } })
}

/**
 * Nothing was written: the member left meanwhile (404), their role changed
 * meanwhile to one the principal does not manage (403), or they are the
 * restaurant's last owner (409 LAST_OWNER).
 */
async function refusal(
  principal: Principal,
  request: Request,
  submission: { reply: (options: { formErrors: string[] }) => unknown },
  written: Extract<TeamWrite, { ok: false }>,
) {
  if (!written.member) throw data(null, { status: 404 })
  await demandManages(principal, request, [written.member.role])
  return data(submission.reply({ formErrors: ['admin.team.lastOwner'] }), { status: 409 })
}

export default function Team() {
  const { members, invitations, you, managed, lastOwner, now } = useLoaderData<typeof loader>()
  const { restaurant } = useDashboardPrincipal()
  const { t } = useI18n()
  const [searchParams] = useSearchParams()
  const removing = members.find((member) => member.userId === searchParams.get('remove'))
  return (
    <section aria-labelledby="team-title" className="grid max-w-3xl gap-4">
      <div>
        <h1 id="team-title" className="text-2xl font-bold">
          {t('admin.team.title')}
        </h1>
        <p className="mt-1 text-stone-600 dark:text-stone-400">
          {t('admin.team.lead', { restaurant: restaurant.restaurantName ?? '' })}
        </p>
      </div>
      <MemberList members={members} you={you} managed={managed} lastOwner={lastOwner} />
      <InvitationList invitations={invitations} managed={managed} now={now} timeZone={restaurant.timeZone} />
      {/* A new invitation heads the list: the form starts empty again once one is sent. */}
      <InviteForm key={invitations[0]?.id} managed={managed} />
      {removing && managed.includes(removing.role) && removing.userId !== lastOwner ? (
        <RemoveDialog member={removing} self={removing.userId === you} restaurantName={restaurant.restaurantName} />
      ) : null}
    </section>
  )
}
