import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'
import tsconfigPaths from 'vite-tsconfig-paths'
import { defineProject } from 'vitest/config'

export default defineProject({
  plugins: [
    tsconfigPaths(),
    cloudflareTest(async () => ({
      main: './workers/app.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: { TEST_MIGRATIONS: await readD1Migrations('migrations') },
      },
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
})
