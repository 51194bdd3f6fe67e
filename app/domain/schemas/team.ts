import { ROLES } from '../permissions'
import { ownerFields } from './auth'
import { staffForms, type IntentIn } from './staff-forms'
import { z } from './zod'

// Which of these roles a member may give, change or take away is the server's to check (rolesManagedBy), whatever a form sends.
const role = z.enum(ROLES, { error: 'admin.team.roleRequired' })
const id = z.string({ error: 'admin.errors.formError' }).trim().min(1, { error: 'admin.errors.formError' }).max(100)

/** The team page's invitation: who, and in which role. */
export const inviteSchema = z.object({ email: ownerFields.ownerEmail, role })

/** A member's new role. */
export const memberRoleSchema = z.object({ userId: id, role })

/** A member taken off the team (or leaving it). */
export const memberSchema = z.object({ userId: id })

/** A pending invitation sent again or cancelled. */
export const invitationSchema = z.object({ invitationId: id })

/** The invitation page's form for a person without an account: their name and password. */
export const joinSchema = z.object({ name: ownerFields.ownerName, password: ownerFields.password })

/** The team page's forms: seeing the team is enough to send them; which people each may touch is checked once it is read. */
export const TEAM_FORMS = staffForms({
  invite: { permission: 'team.view', schema: inviteSchema },
  resend: { permission: 'team.view', schema: invitationSchema },
  cancel: { permission: 'team.view', schema: invitationSchema },
  role: { permission: 'team.view', schema: memberRoleSchema },
  remove: { permission: 'team.view', schema: memberSchema },
})

export type TeamIntent = IntentIn<typeof TEAM_FORMS>
