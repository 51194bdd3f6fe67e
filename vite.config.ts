import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { cacheRouteMatching } from './vite/cache-route-matching'
import { sqlText } from './vite/sql-text'

declare module '@remix-run/cloudflare' {
  interface Future {
    v3_singleFetch: true
  }
}

/**
 * The small pieces every diner screen loads (buttons, the shell, the sheet,
 * the toaster, the translator, money and paths) go in one chunk with React
 * and Remix, which they pull in: a dozen files of a few hundred bytes each
 * paid their own request and wrapping, and compressed together every diner
 * step costs the phone about 3 KB less (measured with `npm run bench`).
 */
const SHARED_UI =
  /\/app\/(ui\/(button|use-hydrated|revalidate|hidden-fields|sheet|stepper|toaster|i18n|use-url-modal|theme|page-title|error-boundary|icons)|ui\/customer\/shell|domain\/(customer-paths|tax|money|themes))\.tsx?$/

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tailwindcss(),
    tsconfigPaths(),
    cacheRouteMatching(),
    sqlText(),
  ],
  ssr: {
    target: 'webworker',
    noExternal: true,
    resolve: {
      conditions: ['workerd', 'worker', 'browser'],
      externalConditions: ['workerd', 'worker'],
    },
  },
  build: {
    minify: true,
    // The Durable Object base class is the runtime's own module.
    rollupOptions: {
      external: ['cloudflare:workers'],
      output: isSsrBuild
        ? undefined
        : {
            manualChunks(id: string) {
              if (SHARED_UI.test(id)) return 'shared'
            },
          },
    },
  },
}))
