import { invalidRequest } from './errors'
import { type Params } from './params'

/** A list endpoint's `limit`: 1 to 100, 10 unless given, as Stripe pages its lists. */
export function listLimit(
  params: Params,
  refuse: (message: string, detail: { param: string }) => Error = invalidRequest,
): number {
  const limit = params.integer('limit') ?? 10
  if (limit < 1 || limit > 100) throw refuse('Invalid limit: must be between 1 and 100', { param: 'limit' })
  return limit
}

/** A list's first page, of `items` already in Stripe's order (newest first). */
export const listPage = <T>(items: readonly T[], limit: number, url: string) => ({
  object: 'list',
  data: items.slice(0, limit),
  has_more: items.length > limit,
  url,
})
