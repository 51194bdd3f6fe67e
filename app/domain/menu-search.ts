/** Text as a search compares it: without case or accents, so "jalapeno" finds "Jalapeño". */
export const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** Whether a dish's name holds every word typed, in any order ("pastor taco" finds "Taco al pastor"). */
export function matchesSearch(name: string, query: string): boolean {
  const haystack = folded(name)
  return folded(query)
    .split(/\s+/)
    .every((word) => haystack.includes(word))
}

/**
 * The categories of a menu narrowed to what a waiter looks for: one
 * category when one is chosen, and the dishes whose name matches what is
 * typed; a category left with no dish is left out.
 */
export function searchMenu<Category extends { id: string; items: readonly { name: string }[] }>(
  categories: readonly Category[],
  { query, categoryId }: { query: string; categoryId: string | null },
): Category[] {
  return categories
    .filter((category) => !categoryId || category.id === categoryId)
    .map((category) => ({ ...category, items: category.items.filter((item) => matchesSearch(item.name, query)) }))
    .filter((category) => category.items.length > 0)
}

/** What of the waiter's menu the address holds (`?q=` typed, `?category=` chosen): kept when a sheet closes or a dish is added. */
export interface MenuView {
  query: string
  categoryId: string | null
}

export const menuViewOf = (searchParams: URLSearchParams): MenuView => ({
  query: searchParams.get('q') ?? '',
  categoryId: searchParams.get('category') || null,
})

/** The query string of a menu view, with `extra` (a sheet to open) after it: `?q=taco&item=…`, or `?` alone. */
export function menuViewSearch({ query, categoryId }: MenuView, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    ...(query ? { q: query } : {}),
    ...(categoryId ? { category: categoryId } : {}),
    ...extra,
  })
  return `?${params}`
}

/** A diner's menu up to this many dishes is read by scrolling; past it, the page offers a search. */
export const DINER_SEARCH_AFTER = 20

/** Whether a diner's menu is long enough to offer a search. */
export const offersSearch = (categories: readonly { items: readonly unknown[] }[]) =>
  categories.reduce((count, category) => count + category.items.length, 0) > DINER_SEARCH_AFTER

/**
 * The diner's menu narrowed to the dishes whose name or description, in the
 * words the page shows, holds every word typed; a category left with no dish
 * is left out. Nothing typed leaves the menu whole, empty categories too.
 */
export function findDishes<Category extends { items: readonly { name: string; description: string | null }[] }>(
  categories: readonly Category[],
  query: string,
): Category[] {
  if (!query.trim()) return [...categories]
  return categories
    .map((category) => ({
      ...category,
      items: category.items.filter((item) => matchesSearch(`${item.name} ${item.description ?? ''}`, query)),
    }))
    .filter((category) => category.items.length > 0)
}
