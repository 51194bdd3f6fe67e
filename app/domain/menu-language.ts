import type { Language } from '~/locales'

/** What a dish or a category says of itself, in the restaurant's Spanish and optionally in English. */
export interface BilingualText {
  name: string
  description: string | null
  nameEn?: string | null
  descriptionEn?: string | null
}

/** The words a diner reads; `lang` is set when the page is English and a text had to stay in Spanish, so a screen reader says it right. */
interface ShownText {
  name: string
  description: string | null
  nameLang?: 'es'
  descriptionLang?: 'es'
}

/**
 * The name and description a diner of `language` sees: on an English page the
 * English version of each where staff wrote one, the Spanish otherwise; on a
 * Spanish page always the Spanish. Each field falls back on its own.
 */
export function shownText(text: BilingualText, language: Language): ShownText {
  const english = language === 'en'
  const name = shownName(text, language)
  const description = english && text.descriptionEn ? text.descriptionEn : text.description
  return {
    name,
    description,
    ...(english && !text.nameEn ? { nameLang: 'es' as const } : {}),
    ...(english && description && !text.descriptionEn ? { descriptionLang: 'es' as const } : {}),
  }
}

/** Only the name a diner of `language` reads, where no `lang` mark can go (a list joined into one sentence). */
export const shownName = (text: Pick<BilingualText, 'name' | 'nameEn'>, language: Language) =>
  language === 'en' && text.nameEn ? text.nameEn : text.name

type Shown<Text extends BilingualText> = { [Key in Exclude<keyof Text, keyof BilingualText>]: Text[Key] } & ShownText

/** One dish or category as a diner of `language` reads it, its English fields spent. */
export function inLanguage<Text extends BilingualText>(text: Text, language: Language): Shown<Text> {
  const { nameEn: _nameEn, descriptionEn: _descriptionEn, ...rest } = text
  return { ...rest, ...shownText(text, language) } as Shown<Text>
}

/** A menu (categories with items) as a diner of `language` reads it. */
export function menuInLanguage<Category extends BilingualText & { items: readonly BilingualText[] }>(
  categories: readonly Category[],
  language: Language,
): (Omit<Shown<Category>, 'items'> & { items: Shown<Category['items'][number]>[] })[] {
  return categories.map((category) => ({
    ...inLanguage(category, language),
    items: category.items.map((item: Category['items'][number]) => inLanguage(item, language)),
  }))
}
