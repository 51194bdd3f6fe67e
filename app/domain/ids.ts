// Apart from the zod schemas, so the phone's own checks of an id do not ship zod to it.

/** The shape of every id we issue (see idString). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
/** Whether a URL segment can be one of our ids at all (so junk never reaches the database). */
export const isIdLike = (value: string) => ID_PATTERN.test(value)

/**
 * A new id for an order, made when its screen is drawn: every send of that
 * screen's order (a retry, a second tap) carries it, and the bill takes the
 * order once.
 */
export const newOrderId = () => `order_${crypto.randomUUID()}`
