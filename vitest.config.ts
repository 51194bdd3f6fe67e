import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'
import tsconfigPaths from 'vite-tsconfig-paths'
import { defineConfig } from 'vitest/config'
import { LOCAL_VARS } from './scripts/local-vars'

/**
 * Three projects: pure rules and the build's output in Node, everything with
 * I/O inside workerd, and the browser tests (run by scripts/e2e.ts against a
 * server it starts, one file at a time; `npm test` leaves them out).
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    projects: [
      {
        plugins: [tsconfigPaths()],
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/bundle/**/*.test.ts'], environment: 'node' },
      },
      {
        plugins: [
          tsconfigPaths(),
          cloudflareTest(async () => ({
            main: './workers/app.ts',
            wrangler: { configPath: './wrangler.toml' },
            // wrangler.toml describes production; the tests run with the local stand-ins.
            miniflare: { bindings: { ...LOCAL_VARS, TEST_MIGRATIONS: await readD1Migrations('migrations') } },
          })),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          setupFiles: ['./tests/worker/apply-migrations.ts'],
          deps: {
            // @remix-run/cloudflare is CommonJS; without pre-bundling it loses its exports in workerd.
            optimizer: { ssr: { enabled: true, include: ['@remix-run/cloudflare'] } },
          },
        },
      },
      {
        plugins: [tsconfigPaths()],
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
