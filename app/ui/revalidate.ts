import type { ShouldRevalidateFunction } from '@remix-run/react'

/**
 * For loaders that do not read the query string: a change of query string
 * alone (a sheet opening, a tab, a stepper) needs no new data, while a form
 * submission or a new page still revalidates as usual.
 */
export const unlessOnlySearchChanged: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
