import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { LOCALE_OF, type Language, type Resources } from '~/locales'
import commonEs from '~/locales/common.es'
import { makeT, type TFunction } from '~/locales/translate'
import { formatMoney } from '~/domain/money'

/**
 * Strings for when the root loader's are missing (an error above it): only
 * the shared texts an error page uses, and only in Spanish, the default. A
 * page's own texts, in its language, arrive with the root loader's data, so
 * the phone never downloads a whole locale as code.
 */
export const fallbackStrings: Partial<Resources> = { common: commonEs }

interface I18nValue {
  language: Language
  locale: string
  t: TFunction
  money: (cents: number) => string
}

const I18nContext = createContext<I18nValue | null>(null)

export function I18nProvider({
  language,
  strings,
  children,
}: {
  language: Language
  strings: Partial<Resources>
  children: ReactNode
}) {
  const value = useMemo<I18nValue>(() => {
    const locale = LOCALE_OF[language]
    // Money is always shown in es-MX MXN, whatever the language.
    return { language, locale, t: makeT(language, strings), money: (cents) => formatMoney(cents) }
  }, [language, strings])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

/** The translator, the language and the money formatter of the page. */
export function useI18n(): I18nValue {
  const value = useContext(I18nContext)
  // Error boundaries above the provider still render, in Spanish.
  return (
    value ?? { language: 'es', locale: 'es-MX', t: makeT('es', fallbackStrings), money: (cents) => formatMoney(cents) }
  )
}
