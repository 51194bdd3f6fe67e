import { RATING_COMMENT_MAX } from '../ratings'
import { z } from './zod'

/** A diner's rating on their confirmation: 1–5 stars and an optional comment for the restaurant alone. */
export const ratingSchema = z.object({
  stars: z.coerce
    .number({ error: 'customer.rating.errors.stars' })
    .int({ error: 'customer.rating.errors.stars' })
    .min(1, { error: 'customer.rating.errors.stars' })
    .max(5, { error: 'customer.rating.errors.stars' }),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, { error: 'customer.rating.errors.comment' })
    .optional()
    .transform((comment) => comment || null),
})
