/*
 * The tags a dish can carry: the allergens Mexican menus label (NOM-051's
 * list and the common additions) and three dietary tags diners look for.
 * Staff choose them per item from this fixed list; the ids travel on the API
 * and are stored comma-separated, the words come from the locale files.
 */

export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'egg',
  'fish',
  'peanut',
  'soy',
  'dairy',
  'tree-nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'molluscs',
] as const
export const DIETARY_TAGS = ['spicy', 'vegetarian', 'vegan'] as const
export const DISH_TAGS = [...ALLERGENS, ...DIETARY_TAGS] as const

export type Allergen = (typeof ALLERGENS)[number]
type DietaryTag = (typeof DIETARY_TAGS)[number]
export type DishTag = (typeof DISH_TAGS)[number]

const isDishTag = (value: unknown): value is DishTag => DISH_TAGS.includes(value as DishTag)
const isAllergen = (tag: DishTag): tag is Allergen => ALLERGENS.includes(tag as Allergen)

/** Each tag once, in the list's order, whatever order they were ticked in. */
export function normalizeTags(tags: readonly DishTag[]): DishTag[] {
  return DISH_TAGS.filter((tag) => tags.includes(tag))
}

/** What no vegetarian dish contains; a vegan one contains none of these either. */
const NOT_VEGETARIAN: readonly Allergen[] = ['fish', 'crustaceans', 'molluscs']
const NOT_VEGAN: readonly Allergen[] = [...NOT_VEGETARIAN, 'egg', 'dairy']

/**
 * A choice that contradicts itself: a dish labelled vegan (or vegetarian)
 * that also says it contains an animal allergen. Answers the first such
 * pair, or null. A diner relying on the label must be able to trust it.
 */
export function tagConflict(tags: readonly DishTag[]): { label: 'vegan' | 'vegetarian'; allergen: Allergen } | null {
  for (const label of ['vegan', 'vegetarian'] as const) {
    if (!tags.includes(label)) continue
    const allergen = (label === 'vegan' ? NOT_VEGAN : NOT_VEGETARIAN).find((candidate) => tags.includes(candidate))
    if (allergen) return { label, allergen }
  }
  return null
}

/** The stored column: ids joined by commas, '' for none. */
export const serializeTags = (tags: readonly DishTag[]) => normalizeTags(tags).join(',')

/** The stored column read back; an id no longer on the list is dropped rather than shown raw. */
export const parseTags = (stored: string | null | undefined): DishTag[] =>
  normalizeTags((stored ?? '').split(',').filter(isDishTag))

/** A dish's tags as the diner reads them: what it is (spicy, vegan) apart from what it contains. */
export function splitTags(tags: readonly DishTag[]): { dietary: DietaryTag[]; allergens: Allergen[] } {
  return { dietary: tags.filter((tag): tag is DietaryTag => !isAllergen(tag)), allergens: tags.filter(isAllergen) }
}
