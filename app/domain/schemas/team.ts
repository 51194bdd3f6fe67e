import { ROLES } from '../permissions'
import { ownerFields } from './auth'
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
