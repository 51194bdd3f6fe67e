import { z } from './zod'
import { CALL_REASONS } from '../alerts'
import { idString } from './fields'
import { staffForms, type IntentIn } from './staff-forms'

/** A diner's call for the waiter: why. */
export const waiterCallSchema = z.object({
  reason: z.enum(CALL_REASONS, { error: 'customer.call.reasonRequired' }),
})

/** A member answering a diner's call: which bill, which call. */
export const answerCallSchema = z.object({
  sessionId: idString('sessionId'),
  callId: idString('callId'),
})

/** Marking alerts read: one (`alertId`) or, without one, all of them. */
export const readAlertsSchema = z.object({
  alertId: z.string().trim().min(1).max(200).optional(),
})

/** A member following a table's alerts, or not. */
export const followSchema = z.object({
  following: z.enum(['on', 'off']).transform((value) => value === 'on'),
})

/** A member's alert chime, on or off. */
export const alertSoundSchema = z.object({
  sound: z.enum(['on', 'off']).transform((value) => value === 'on'),
})

/** An alert opened: read, and its table shown. */
const openAlertSchema = readAlertsSchema.extend({ tableId: z.string().trim().max(200).optional() })

/** The alerts page: reading them (opening one reads it), answering a diner's call, the chime. */
export const ALERT_FORMS = staffForms({
  open: { permission: 'alerts.view', schema: openAlertSchema },
  read: { permission: 'alerts.view', schema: readAlertsSchema },
  'read-all': { permission: 'alerts.view', schema: z.object({}) },
  answer: { permission: 'alerts.view', schema: answerCallSchema },
  sound: { permission: 'alerts.view', schema: alertSoundSchema },
})
export type AlertIntent = IntentIn<typeof ALERT_FORMS>
