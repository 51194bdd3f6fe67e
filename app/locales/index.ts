import adminEn from './admin/en'
import adminEs, { type AdminResources } from './admin/es'
import en from './en'
import es, { type DinerResources } from './es'
import siteEn from './site.en'
import siteEs, { type SiteResources } from './site.es'
import themeEn from './theme.en'
import themeEs, { type ThemeResources } from './theme.es'
import receiptEn from './receipt.en'
import receiptEs, { type ReceiptResources } from './receipt.es'

export const LANGUAGES = ['es', 'en'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'es'

/** The locale used for numbers and dates of each language. */
export const LOCALE_OF: Record<Language, string> = { es: 'es-MX', en: 'en-US' }

export type Resources = DinerResources & {
  admin: AdminResources
  site: SiteResources
  theme: ThemeResources
  receipt: ReceiptResources
}

export const resources: Record<Language, Resources> = {
  es: { ...es, admin: adminEs, site: siteEs, theme: themeEs, receipt: receiptEs },
  en: { ...en, admin: adminEn, site: siteEn, theme: themeEn, receipt: receiptEn },
}

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)
