import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, data } from '@remix-run/cloudflare'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { DEFAULT_LANGUAGE, resources, type Resources } from '~/locales'
import { getLanguage } from '~/server/http/i18n.server'
import { requestIdOf } from '~/server/http/request-id.server'
import { deviceDarkOf, getTheme } from '~/server/http/theme.server'
import { readToast } from '~/server/http/toast.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { fallbackStrings, I18nProvider, useI18n } from '~/ui/i18n'
import { pageTitle } from '~/ui/page-title'
import { unlessOnlySearchChanged } from '~/ui/revalidate'
import { areaOf } from '~/ui/site/area'
import { useNonce } from '~/ui/nonce'
import { isPaper, useTheme } from '~/ui/theme'
import { ToastProvider } from '~/ui/toaster'
import styles from './app.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // The iPhone's Home Screen takes no SVG and no manifest icon: the staff app added there shows this one.
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
]

/** The staff's pages install as their own app (the dashboard, standalone, with their notifications); every other page as the site. */
const manifestOf = (pathname: string) => (areaOf(pathname) === 'admin' ? '/staff.webmanifest' : '/site.webmanifest')

/** Every page names itself; this is the title of a page that fails before its own route can. */
export const meta: MetaFunction = (args) => pageTitle(args, (t) => ({ page: t('common.appName') }))

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [language, theme, { toast, headers }] = await Promise.all([
    getLanguage(request),
    getTheme(request),
    readToast(request),
  ])
  // Staff texts go only to staff pages, the public site's to its pages; a diner's phone gets the diner's.
  const { admin, site, receipt, ...diner } = resources[language]
  const url = new URL(request.url)
  const area = areaOf(url.pathname)
  // Staff pages also get the site's strings, for the 404 page of a mistyped /admin address.
  const strings: Partial<Resources> =
    area === 'admin'
      ? { ...diner, admin, site, receipt }
      : area === 'site'
        ? { ...diner, site }
        : area === 'receipt'
          ? { ...diner, receipt }
          : diner
  // The id this request's error page shows. Single fetch loads a navigation's data in one request, so whenever the root reloads with it (a new path) the id is the failing request's.
  const requestId = requestIdOf(context, request)
  return data(
    { language, strings, toast, theme, deviceDark: deviceDarkOf(request), origin: url.origin, requestId },
    { headers },
  )
}

// Toasts and the language change through form posts and redirects; of the query string only ?lng matters here.
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.currentUrl.searchParams.get('lng') !== args.nextUrl.searchParams.get('lng') || unlessOnlySearchChanged(args)

// Decided on the server from the cookie, so the first paint already has the right colours (see app.css for 'theme-system').
const THEME_CLASS = { light: undefined, dark: 'dark', system: 'theme-system' } as const
// The colour a phone gives its own bars: the brand's green over light pages, the page's black over dark ones.
const BAR_COLOUR = { light: '#047857', dark: '#0c0a09' } as const

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  const language = root?.language ?? DEFAULT_LANGUAGE
  const chosen = useTheme()
  const { pathname } = useLocation()
  // A page that previews paper (the QR print pages) stays as it will print.
  const theme = useMatches().some((match) => isPaper(match.handle)) ? 'light' : chosen
  return (
    <html lang={language === 'es' ? 'es-MX' : 'en'} className={THEME_CLASS[theme]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {theme === 'system' ? (
          <>
            <meta name="theme-color" media="(prefers-color-scheme: light)" content={BAR_COLOUR.light} />
            <meta name="theme-color" media="(prefers-color-scheme: dark)" content={BAR_COLOUR.dark} />
          </>
        ) : (
          <meta name="theme-color" content={BAR_COLOUR[theme]} />
        )}
        <link rel="manifest" href={manifestOf(pathname)} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-stone-50 text-stone-900 antialiased dark:bg-stone-950 dark:text-stone-100">
        <I18nProvider language={language} strings={root?.strings ?? fallbackStrings}>
          <ToastProvider initial={root?.toast ?? null}>{children}</ToastProvider>
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  // Marks the page interactive, for the browser tests to wait on.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return <Outlet />
}

export function ErrorBoundary() {
  const { t } = useI18n()
  return (
    <GeneralErrorBoundary
      back={{ to: '/', label: t('common.returnHome') }}
      frame={(children) => <main className="flex min-h-dvh items-center justify-center">{children}</main>}
    />
  )
}
