import { createCookie } from '@remix-run/cloudflare'
import { RemixI18Next } from 'remix-i18next/server'
import { makeT } from '~/locales/translate'
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, resources, type Language } from '~/locales'

/** The diner's or owner's language choice, kept for a year. */
export const languageCookie = createCookie('lng', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
})

/**
 * remix-i18next decides the request's language. The strings themselves are
 * looked up by makeT (locales/translate.ts), the same small translator the
 * phone runs, so no i18next instance is configured here.
 */
const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    // Spanish unless the person chose otherwise: the browser's language is not a choice.
    order: ['searchParams', 'cookie'],
  },
})

export async function getLanguage(request: Request): Promise<Language> {
  const language = await i18n.getLocale(request)
  return isLanguage(language) ? language : DEFAULT_LANGUAGE
}

/** The translator of the request's language, for server answers (API messages, mail). */
export async function getT(request: Request) {
  const language = await getLanguage(request)
  return makeT(language, resources[language])
}
