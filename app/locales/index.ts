import en from './en'
import es, { type Resources } from './es'

export const LANGUAGES = ['es', 'en'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'es'

/** The locale used for numbers and dates of each language. */
export const LOCALE_OF: Record<Language, string> = { es: 'es-MX', en: 'en-US' }

export const resources: Record<Language, Resources> = { es, en }

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)
export type { Resources }
