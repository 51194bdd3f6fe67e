import { z } from './zod'
import { emailAddress, idString } from './fields'
import { staffForms, type IntentIn } from './staff-forms'

/** Restaurant kinds and cuisines of the registration payload. */
export const RESTAURANT_TYPES = ['casual', 'fine-dining', 'fast-casual', 'cafe', 'bar', 'food-truck'] as const
export const RESTAURANT_CUISINES = [
  'mexican',
  'italian',
  'chinese',
  'japanese',
  'american',
  'mediterranean',
  'indian',
  'french',
  'fusion',
  'other',
] as const
const MIN_PASSWORD_LENGTH = 8

// Messages are translation keys (admin.errors.*): the same schema answers the API and the forms in either language.
const text = (min: number, key: string, max = 200) =>
  z.string({ error: key }).trim().min(min, { error: key }).max(max, { error: 'admin.errors.tooLong' })
const email = (key = 'admin.errors.emailInvalid') => emailAddress(key)
const password = z
  .string({ error: 'admin.errors.passwordMin' })
  .min(MIN_PASSWORD_LENGTH, { error: 'admin.errors.passwordMin' })
  .max(200, { error: 'admin.errors.tooLong' })

/** The restaurant step of sign-up, and the whole onboarding form. */
export const restaurantFields = {
  restaurantName: text(2, 'admin.errors.restaurantNameMin', 120),
  restaurantType: z.enum(RESTAURANT_TYPES, { error: 'admin.errors.restaurantTypeRequired' }),
  restaurantCuisine: z.enum(RESTAURANT_CUISINES, { error: 'admin.errors.restaurantCuisineRequired' }),
  restaurantAddress: text(5, 'admin.errors.restaurantAddressMin'),
  restaurantPhone: text(10, 'admin.errors.restaurantPhoneMin', 30),
  restaurantEmail: email('admin.errors.restaurantEmailInvalid'),
}

export const ownerFields = {
  ownerName: text(2, 'admin.errors.ownerNameMin', 120),
  ownerEmail: email(),
  password,
}

/** POST /api/auth/register and the sign-up wizard's last step. */
export const registerSchema = z.object({
  ...restaurantFields,
  ...ownerFields,
  acceptTerms: z.literal(true, { error: 'admin.errors.acceptTerms' }),
})

/** The wizard validates each step with its own part of the one schema. */
export const signupSteps = [z.object(restaurantFields), z.object(ownerFields), registerSchema] as const

export const loginSchema = z.object({
  email: email(),
  password: z
    .string({ error: 'admin.errors.passwordRequired' })
    .min(1, { error: 'admin.errors.passwordRequired' })
    .max(200, { error: 'admin.errors.tooLong' }),
})

export const forgotPasswordSchema = z.object({ email: email() })

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: 'admin.errors.resetInvalid' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'admin.errors.resetInvalid' }),
  password,
})

/** POST /api/auth/setup-restaurant: the restaurant fields of sign-up, alone. */
export const setupRestaurantSchema = z.object(restaurantFields)

export type RegisterInput = z.output<typeof registerSchema>
export type RestaurantInput = z.output<typeof setupRestaurantSchema>
export type LoginInput = z.output<typeof loginSchema>

/** The staff area's own forms: a new restaurant's first details, and moving to another restaurant one works at. */
export const STAFF_AREA_FORMS = staffForms({
  setup: { permission: 'settings.manage', schema: setupRestaurantSchema },
  switch: { permission: 'restaurant.view', schema: z.object({ restaurantId: idString('restaurantId') }) },
})

export type StaffAreaIntent = IntentIn<typeof STAFF_AREA_FORMS>
