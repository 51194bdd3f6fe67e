/** A diner's rating of their visit: 1 to 5 stars. */
export const RATING_STARS = [1, 2, 3, 4, 5] as const

/** Ratings this low tell staff at once: something went wrong at a table still within reach. */
const LOW_RATING_MAX = 3

export const isLowRating = (stars: number) => stars <= LOW_RATING_MAX

/** The longest comment a diner may leave. */
export const RATING_COMMENT_MAX = 500

/** What a period's ratings come to: how many, their average to one decimal (null without any), and how many of each. */
export function ratingSummary(ratings: readonly { stars: number }[]) {
  const count = ratings.length
  const total = ratings.reduce((sum, rating) => sum + rating.stars, 0)
  return {
    count,
    average: count === 0 ? null : Math.round((total / count) * 10) / 10,
    byStars: RATING_STARS.map((stars) => ratings.filter((rating) => rating.stars === stars).length),
  }
}
