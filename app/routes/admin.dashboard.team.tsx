import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData, useSearchParams } from '@remix-run/react'
import { rolesManagedBy } from '~/domain/permissions'
import { TEAM_FORMS } from '~/domain/schemas/team'
import { requireStaff, requireStaffForm, type PageAccess } from '~/server/auth/guard.server'
import { getDb } from '~/server/db/client.server'
import { pendingInvitations } from '~/server/team/invitations.server'
import { membersOf } from '~/server/team/members.server'
import { teamAction } from '~/server/team/team-actions.server'
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
export const access: PageAccess = { view: 'team.view', intents: TEAM_FORMS.permissions }

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
  const submission = parseWithZod(form, { schema: TEAM_FORMS.schema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  return teamAction({ env: context.cloudflare.env, principal, request, here: TEAM }, submission, submission.value)
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
