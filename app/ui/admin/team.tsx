import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { formatDateTime } from '~/domain/format'
import type { Role } from '~/domain/permissions'
import { inviteSchema, memberRoleSchema, memberSchema, type TeamIntent } from '~/domain/schemas/team'
import { buttonClass } from '../button'
import { ErrorList, Field, SelectField, StatusButton, useIsPending } from '../forms'
import { useI18n } from '../i18n'
import { useLastResult, useSchemaForm } from '../use-schema-form'
import { UrlDialog } from './dialog'
import { Panel } from './panel'

/*
 * The team page's pieces. Each form is plain (it works without JavaScript);
 * which rows get which forms follows `managed`, the roles the person may
 * touch (rolesManagedBy), and the server refuses the rest whatever is sent.
 */

export const TEAM = '/admin/dashboard/team'

interface Member {
  userId: string
  name: string | null
  email: string
  role: Role
}

interface Invitation {
  id: string
  email: string
  role: Role
  expiresAt: number
}

/** Whether this row's form (by its intent and record) is the one being sent. */
function useSending(intent: string, field: string, id: string) {
  const navigation = useNavigation()
  return (
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData.get(field) === id
  )
}

const roleOptions = (t: ReturnType<typeof useI18n>['t'], roles: readonly Role[]) =>
  roles.map((role) => ({ value: role, label: t(`admin.team.roles.${role}`) }))

/** The members; `lastOwner` (the restaurant's only owner, if it has one) is offered no way off the team. */
export function MemberList({
  members,
  you,
  managed,
  lastOwner,
}: {
  members: Member[]
  you: string
  managed: readonly Role[]
  lastOwner: string | null
}) {
  const { t } = useI18n()
  return (
    <Panel title={t('admin.team.members')}>
      <ul className="divide-y divide-stone-200 dark:divide-stone-800" data-testid="members">
        {members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            self={member.userId === you}
            managed={managed}
            removable={member.userId !== lastOwner}
          />
        ))}
      </ul>
    </Panel>
  )
}

function MemberRow({
  member,
  self,
  managed,
  removable,
}: {
  member: Member
  self: boolean
  managed: readonly Role[]
  removable: boolean
}) {
  const { t } = useI18n()
  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[1fr_auto] sm:items-end" data-testid="member">
      <div className="min-w-0">
        <p className="font-semibold">
          {member.name ?? member.email}
          {self ? (
            <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-sm text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
              {t('admin.team.you')}
            </span>
          ) : null}
        </p>
        <p className="text-sm break-all text-stone-600 dark:text-stone-400">{member.email}</p>
        <p className="text-sm">{t(`admin.team.roles.${member.role}`)}</p>
      </div>
      {/* One's own role is another owner's to change; the last owner has nothing here. */}
      {managed.includes(member.role) && (!self || removable) ? (
        <div className="flex flex-wrap items-end gap-2">
          {self ? null : <RoleForm member={member} managed={managed} />}
          {removable ? (
            <Link to={`?remove=${member.userId}`} preventScrollReset className={buttonClass.secondary}>
              {t(self ? 'admin.team.leave' : 'admin.team.remove')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}

function RoleForm({ member, managed }: { member: Member; managed: readonly Role[] }) {
  const { t } = useI18n()
  const pending = useSending('role', 'userId', member.userId)
  const [form, fields] = useSchemaForm(memberRoleSchema, {
    id: `role-${member.userId}`,
    lastResult: useLastResult('role', { field: 'userId', id: member.userId }),
    defaultValue: { userId: member.userId, role: member.role },
  })
  return (
    <Form method="post" className="grid gap-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={'role' satisfies TeamIntent} />
      <input type="hidden" name="userId" value={member.userId} />
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label={t('admin.team.roleOf', { name: member.name ?? member.email })}
          errors={fields.role.errors}
          selectProps={getSelectProps(fields.role)}
          options={roleOptions(t, managed)}
        />
        <StatusButton pending={pending} className={buttonClass.secondary}>
          {t('admin.team.changeRole')}
        </StatusButton>
      </div>
    </Form>
  )
}

export function InvitationList({
  invitations,
  managed,
  now,
  timeZone,
}: {
  invitations: Invitation[]
  managed: readonly Role[]
  now: number
  timeZone: string
}) {
  const { t, locale } = useI18n()
  return (
    <Panel title={t('admin.team.invite.pending')} empty={invitations.length === 0 ? t('admin.team.invite.none') : null}>
      <ul className="divide-y divide-stone-200 dark:divide-stone-800" data-testid="invitations">
        {invitations.map((invitation) => {
          const date = formatDateTime(invitation.expiresAt, locale, timeZone)
          return (
            <li
              key={invitation.id}
              className="grid gap-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[1fr_auto] sm:items-center"
              data-testid="invitation"
            >
              <div className="min-w-0">
                <p className="font-semibold break-all">{invitation.email}</p>
                <p className="text-sm">{t(`admin.team.roles.${invitation.role}`)}</p>
                <p className="text-sm text-stone-600 dark:text-stone-400">
                  {invitation.expiresAt > now
                    ? t('admin.team.invite.expires', { date })
                    : t('admin.team.invite.expired', { date })}
                </p>
              </div>
              {managed.includes(invitation.role) ? (
                <div className="flex flex-wrap gap-2">
                  <InvitationButton id={invitation.id} intent="resend" label={t('admin.team.invite.resend')} />
                  <InvitationButton id={invitation.id} intent="cancel" label={t('admin.team.invite.cancel')} />
                </div>
              ) : null}
            </li>
          )
        })}
      </ul>
    </Panel>
  )
}

function InvitationButton({
  id,
  intent,
  label,
}: {
  id: string
  intent: Extract<TeamIntent, 'resend' | 'cancel'>
  label: string
}) {
  const pending = useSending(intent, 'invitationId', id)
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="invitationId" value={id} />
      <StatusButton pending={pending} className={buttonClass.secondary}>
        {label}
      </StatusButton>
    </Form>
  )
}

/** A new invitation: an email and one of the roles the person may give, each role's reach said beside it. */
export function InviteForm({ managed }: { managed: readonly Role[] }) {
  const { t } = useI18n()
  const pending = useIsPending({ intent: 'invite' satisfies TeamIntent })
  const [form, fields] = useSchemaForm(inviteSchema, {
    id: 'invite',
    lastResult: useLastResult('invite'),
    defaultValue: { role: 'waiter' },
  })
  return (
    <Panel title={t('admin.team.invite.title')}>
      <Form method="post" className="grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={'invite' satisfies TeamIntent} />
        <ErrorList id={form.errorId} errors={form.errors} alert />
        <Field
          label={t('admin.team.invite.email')}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
        />
        <SelectField
          label={t('admin.team.invite.role')}
          errors={fields.role.errors}
          selectProps={getSelectProps(fields.role)}
          options={roleOptions(t, managed)}
        />
        <dl className="grid gap-2 text-sm">
          {managed.map((role) => (
            <div key={role}>
              <dt className="font-semibold">{t(`admin.team.roles.${role}`)}</dt>
              <dd className="text-stone-600 dark:text-stone-400">{t(`admin.team.roleHelp.${role}`)}</dd>
            </div>
          ))}
        </dl>
        <StatusButton pending={pending} className={`${buttonClass.primary} justify-self-start`}>
          {t('admin.team.invite.send')}
        </StatusButton>
      </Form>
    </Panel>
  )
}

/** Taking a member off the team, or leaving it, asked once more: their session ends at once. */
export function RemoveDialog({
  member,
  self,
  restaurantName,
}: {
  member: Member
  self: boolean
  restaurantName: string | null
}) {
  const { t } = useI18n()
  const pending = useSending('remove', 'userId', member.userId)
  const [form] = useSchemaForm(memberSchema, {
    id: 'remove',
    lastResult: useLastResult('remove', { field: 'userId', id: member.userId }),
  })
  const label = t(self ? 'admin.team.leave' : 'admin.team.remove')
  return (
    <UrlDialog open closeTo={TEAM} title={label}>
      <Form method="post" className="grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={'remove' satisfies TeamIntent} />
        <input type="hidden" name="userId" value={member.userId} />
        <ErrorList id={form.errorId} errors={form.errors} alert />
        <p>
          {self
            ? t('admin.team.leaveConfirm', { restaurant: restaurantName ?? '' })
            : t('admin.team.removeConfirm', { name: member.name ?? member.email })}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={TEAM} replace preventScrollReset className={buttonClass.secondary}>
            {t('common.close')}
          </Link>
          <StatusButton pending={pending} className={buttonClass.danger}>
            {label}
          </StatusButton>
        </div>
      </Form>
    </UrlDialog>
  )
}
