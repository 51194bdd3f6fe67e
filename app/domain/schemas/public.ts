import { z } from './zod'

// Messages are translation keys (site.errors.*), so the API and the forms say the same in either language.
const required = (max: number) =>
  z
    .string({ error: 'site.errors.required' })
    .trim()
    .min(1, { error: 'site.errors.required' })
    .max(max, { error: 'site.errors.tooLong' })
const email = z
  .string({ error: 'site.errors.required' })
  .trim()
  .min(1, { error: 'site.errors.required' })
  .max(254, { error: 'site.errors.tooLong' })
  .pipe(z.email({ error: 'site.errors.email' }))

/** The landing page's waitlist: name, email and restaurant required, a message optional. */
export const waitlistSchema = z.object({
  name: required(100),
  email,
  restaurantName: required(120),
  message: z
    .string({ error: 'site.errors.tooLong' })
    .trim()
    .max(1000, { error: 'site.errors.tooLong' })
    .nullish()
    .transform((value) => value || null),
})

/** The footer's contact modal: all four fields required, the email checked. */
export const contactSchema = z.object({
  name: required(100),
  phone: required(30),
  email,
  restaurant: required(120),
})

export type WaitlistInput = z.output<typeof waitlistSchema>
export type ContactInput = z.output<typeof contactSchema>
