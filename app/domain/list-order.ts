/** Where a hand-ordered list's entry goes: one step (the buttons) or a place, 0 first (a drag). */
export type MoveTo = 'up' | 'down' | number

/**
 * The list's ids after moving `id`, or null when it is not in the list. A
 * step past either end, or a place beyond the last, leaves it at that end.
 */
export function moved(ids: readonly string[], id: string, to: MoveTo): string[] | null {
  const from = ids.indexOf(id)
  if (from === -1) return null
  const target = to === 'up' ? from - 1 : to === 'down' ? from + 1 : to
  const place = Math.min(Math.max(target, 0), ids.length - 1)
  const rest = ids.filter((each) => each !== id)
  return [...rest.slice(0, place), id, ...rest.slice(place)]
}
