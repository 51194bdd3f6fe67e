import { z } from './zod'

/** How long a shared device stays with the member who unlocked it, without a request, before it locks again. */
export const DEVICE_IDLE_MS = 3 * 60 * 1000

const pin = z
  .string({ error: 'admin.team.pinErrors.pin' })
  .trim()
  .regex(/^\d{4,6}$/, { error: 'admin.team.pinErrors.pin' })

/** A member sets their PIN for the restaurant's shared devices, typed twice. */
export const setPinSchema = z
  .object({ pin, confirm: z.string({ error: 'admin.team.pinErrors.confirm' }).trim() })
  .refine((value) => value.pin === value.confirm, { path: ['confirm'], error: 'admin.team.pinErrors.confirm' })

/** Unlocking a shared device: who, and their PIN. */
export const unlockSchema = z.object({
  intent: z.literal('unlock'),
  member: z.string({ error: 'admin.team.pinErrors.member' }).min(1, { error: 'admin.team.pinErrors.member' }),
  pin,
})
