import type { Submission } from '@conform-to/react'
import { data } from '@remix-run/cloudflare'
import type { TEAM_FORMS } from '~/domain/schemas/team'
import type { z } from '~/domain/schemas/zod'
import { demandManages, type Principal, type StaffFormPage } from '../auth/guard.server'
import { getDb } from '../db/client.server'
import { getT } from '../http/i18n.server'
import { redirectWithToast } from '../http/toast.server'
import { cancelInvitation, findPendingInvitation, invite, resendInvitation, type Letter } from './invitations.server'
import { changeRole, findMember, removeMember, type TeamWrite } from './members.server'

type TeamForm = z.output<(typeof TEAM_FORMS)['schema']>

/**
 * A team page's form, parsed: an invitation sent, resent or cancelled, a
 * member's role changed, a member removed. Which members, invitations and
 * roles the principal may touch is `rolesManagedBy`, asked here once the
 * form is read (`demandManages`): a manager's form about anyone but a waiter
 * is refused whatever it sends.
 */
export function teamAction(page: StaffFormPage, submission: Submission<unknown>, sent: TeamForm) {
  switch (sent.intent) {
    case 'invite':
      return inviting(page, submission, sent)
    case 'resend':
    case 'cancel':
      return pendingChange(page, sent)
    case 'role':
      return roleChange(page, submission, sent)
    case 'remove':
      return removal(page, submission, sent)
  }
}

const letterFor = async (request: Request): Promise<Letter> => ({
  t: await getT(request),
  origin: new URL(request.url).origin,
})

/** A mail that did not go out is said, so the inviter sends it again. */
const mailFailed = (here: string) =>
  redirectWithToast(here, { title: 'admin.team.invite.mailFailed', variant: 'destructive' })

async function inviting(
  { env, principal, request, here }: StaffFormPage,
  submission: Submission<unknown>,
  sent: Extract<TeamForm, { intent: 'invite' }>,
) {
  await demandManages(principal, request, [sent.role])
  const result = await invite(env, principal, sent, await letterFor(request))
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { email: ['admin.team.invite.already'] } }), { status: 409 })
  if (!result.mailed) return mailFailed(here)
  return redirectWithToast(here, { title: 'admin.team.invite.sent', vars: { email: sent.email } })
}

async function pendingChange(
  { env, principal, request, here }: StaffFormPage,
  { intent, invitationId }: Extract<TeamForm, { intent: 'resend' | 'cancel' }>,
) {
  const invitation = await findPendingInvitation(getDb(env.DB), principal.restaurant.id, invitationId)
  if (!invitation) throw data(null, { status: 404 })
  await demandManages(principal, request, [invitation.role])
  if (intent === 'cancel') {
    if (!(await cancelInvitation(env, principal, invitationId))) throw data(null, { status: 404 })
    return redirectWithToast(here, { title: 'admin.team.invite.cancelled' })
  }
  const resent = await resendInvitation(env, principal, invitationId, await letterFor(request))
  if (!resent) throw data(null, { status: 404 })
  if (!resent.mailed) return mailFailed(here)
  return redirectWithToast(here, { title: 'admin.team.invite.resent' })
}

async function roleChange(
  { env, principal, request, here }: StaffFormPage,
  submission: Submission<unknown>,
  { userId, role }: Extract<TeamForm, { intent: 'role' }>,
) {
  const member = await findMember(getDb(env.DB), principal.restaurant.id, userId)
  if (!member) throw data(null, { status: 404 })
  // Another owner changes one's role: nobody raises their own, and no owner steps down by a slip.
  if (userId === principal.person.id)
    return data(submission.reply({ formErrors: ['admin.team.ownRole'] }), { status: 403 })
  await demandManages(principal, request, [member.role, role])
  const written = await changeRole(env, principal, userId, role)
  if (!written.ok) return refusal(principal, request, submission, written)
  return redirectWithToast(here, { title: 'admin.team.roleChanged' })
}

async function removal(
  { env, principal, request, here }: StaffFormPage,
  submission: Submission<unknown>,
  { userId }: Extract<TeamForm, { intent: 'remove' }>,
) {
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
  return redirectWithToast(here, { title: 'admin.team.removed', vars: { name: member.name ?? member.email } })
}

/**
 * Nothing was written: the member left meanwhile (404), their role changed
 * meanwhile to one the principal does not manage (403), or they are the
 * restaurant's last owner (409 LAST_OWNER).
 */
async function refusal(
  principal: Principal,
  request: Request,
  submission: Submission<unknown>,
  written: Extract<TeamWrite, { ok: false }>,
) {
  if (!written.member) throw data(null, { status: 404 })
  await demandManages(principal, request, [written.member.role])
  return data(submission.reply({ formErrors: ['admin.team.lastOwner'] }), { status: 409 })
}
