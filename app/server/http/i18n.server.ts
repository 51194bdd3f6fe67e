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
 * remix-i18next decides the request's language: a choice first (`?lng=` in
 * the address, then the cookie the language switch sets), else the phone's
 * own language from `Accept-Language`. Its header reading takes the
 * language the phone ranks first (q-weights counted), and only that one:
 * English of any region is English, any other language (or none) falls back
 * to Spanish (docs/architecture.md, Language). The strings themselves are
 * looked up by makeT (locales/translate.ts), the same small translator the
 * phone runs, so no i18next instance is configured here.
 */
const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ['searchParams', 'cookie', 'header'],
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

/**
 * Says that a page depends on the phone's language and on the cookies (the
 * choice among them), so no cache between the phone and us serves one
 * diner's language to another.
 */
export function varyByLanguage(headers: Headers) {
  const vary = new Set(
    (headers.get('Vary') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  )
  for (const name of ['Accept-Language', 'Cookie']) vary.add(name)
  headers.set('Vary', [...vary].join(', '))
}
