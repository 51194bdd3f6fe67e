import type { MetaArgs, MetaDescriptor } from '@remix-run/cloudflare'
import { isRouteErrorResponse } from '@remix-run/react'
import { RESTAURANT_TIME_ZONE } from '~/domain/format'
import { DEFAULT_LANGUAGE, type Language, type Resources } from '~/locales'
import { makeT, type TFunction, type TranslationKey } from '~/locales/translate'
import { shownStatus } from './error-boundary'
import { fallbackStrings } from './i18n'

type RootData = { language?: Language; strings?: Partial<Resources>; origin?: string }

/** What the root loader gives every page: its language, its strings and the site's address. */
export const rootDataOf = (matches: MetaArgs['matches']) =>
  matches.find((match) => match.id === 'root')?.data as RootData | undefined

/** The restaurant's clock, which the staff area's layout reads for every staff page: for meta functions, which cannot use useClock. */
export const staffTimeZone = (matches: MetaArgs['matches']) =>
  (matches.find((match) => match.id === 'routes/admin')?.data as { timeZone?: string } | undefined)?.timeZone ??
  RESTAURANT_TIME_ZONE

/** The page's translator, for meta functions, which cannot use the I18nProvider. */
export function metaT(matches: MetaArgs['matches']): TFunction {
  const root = rootDataOf(matches)
  return makeT(root?.language ?? DEFAULT_LANGUAGE, root?.strings ?? fallbackStrings)
}

/** What a title names: the page, then where it is. */
export interface Title {
  page: string
  tableNumber?: string | null
  restaurantName?: string | null
}

/**
 * A page's <title>, in the page's language, one pattern for every page: what
 * the page is, then the table, then the restaurant ('Cuenta · Mesa 7 ·
 * Cantina La Mesa'); a page of no restaurant ends with the product's name
 * ('Iniciar sesión · Mesa'). A page showing an error is titled by the error,
 * in words an area may choose for a status (a diner's unknown table).
 */
export function pageTitle(
  { matches, error }: Pick<MetaArgs, 'matches' | 'error'>,
  title: (t: TFunction) => Title,
  errorTitles: Partial<Record<number, TranslationKey>> = {},
): MetaDescriptor[] {
  const t = metaT(matches)
  const appName = t('common.appName')
  if (error) {
    const titled = isRouteErrorResponse(error) ? errorTitles[error.status] : undefined
    return [{ title: [t(titled ?? `common.errors.${shownStatus(error)}.title`), appName].join(' · ') }]
  }
  const { page, tableNumber, restaurantName } = title(t)
  const parts = [
    page,
    tableNumber ? t('customer.tableNumber', { number: tableNumber }) : null,
    restaurantName || appName,
  ]
  return [{ title: [...new Set(parts.filter(Boolean))].join(' · ') }]
}

/** A staff page's title: the page, then the signed-in owner's restaurant, which the staff area's layout loads for every staff page. */
export function staffTitle(
  args: Pick<MetaArgs, 'matches' | 'error'>,
  page: (t: TFunction) => string,
): MetaDescriptor[] {
  const staff = args.matches.find((match) => match.id === 'routes/admin')?.data as
    { restaurantName?: string | null } | undefined
  return pageTitle(args, (t) => ({ page: page(t), restaurantName: staff?.restaurantName }))
}
