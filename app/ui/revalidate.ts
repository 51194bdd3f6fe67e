import type { ShouldRevalidateFunction } from '@remix-run/react'

/**
 * For loaders that do not read the query string: a change of query string
 * alone (a sheet opening, a tab, a stepper) needs no new data, while a form
 * submission, a new page or an explicit refresh of the same URL (a live
 * update calling revalidate()) still revalidates as usual.
 */
export const unlessOnlySearchChanged: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.href !== nextUrl.href
    ? false
    : defaultShouldRevalidate
