import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'
import { availableParallelism } from 'node:os'
import tsconfigPaths from 'vite-tsconfig-paths'
import { configDefaults, defineConfig } from 'vitest/config'
import {
  FACTURAPI_STANDIN_ORGANIZATIONS,
  facturapiStandInVars,
  LOCAL_VARS,
  STANDIN_KEYS,
  stripeStandInVars,
} from './scripts/local-vars'
import { newVapidKeys } from './scripts/vapid'
import { createFacturapiStandIn } from './stand-ins/facturapi/handler'
import { createPushStandIn } from './stand-ins/push/service'
import { createStripeStandIn } from './stand-ins/stripe/handler'
import { sqlText } from './vite/sql-text'

/** Where the Stripe tests' Worker finds Stripe: a name no network answers, which outboundService hands to the stand-in. */
const STRIPE_STANDIN = 'http://stripe.standin'
/** The push service the worker tests' browsers subscribe at: https, as every push endpoint is, reached through outboundService. */
const PUSH_STANDIN = 'https://push.standin'
/** Where the worker tests' Worker finds Facturapi (FACTURAPI_API_BASE is this with /v2): a name no network answers. */
const FACTURAPI_STANDIN = 'https://facturapi.standin'
/** Mesa's fee in the Stripe tests, 2.5 % of the bill part: a fee taken on tax or tip would show. */
const STRIPE_FEE_BPS = 250

/**
 * What an auto-retrying assertion waits for in workerd: what follows a write
 * there (the outbox's delivery, the hub's fiscal documents) runs after the
 * answer, and on a busy two-core machine takes longer than vitest's 1 s.
 */
const POLL = { timeout: 5_000, interval: 50 }

const workerDeps = {
  // @remix-run/cloudflare is CommonJS; without pre-bundling it loses its exports in workerd.
  optimizer: { ssr: { enabled: true, include: ['@remix-run/cloudflare'] } },
}

/**
 * Four projects: pure rules and the build's output in Node; everything with
 * I/O inside workerd, with simulated payments; the same with Stripe's real
 * SDK against the Stripe stand-in; and the browser tests (run by
 * scripts/e2e.ts against a server it starts, two files at a time; `npm test`
 * leaves them out).
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Vitest's default is one file fewer than the cores, so a two-core machine runs one at a time. A worker test waits on
    // workerd much of the time (two files at once kept the two cores 113 % busy): three at once take 281 s here against
    // 344 s for two.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        plugins: [tsconfigPaths()],
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/bundle/**/*.test.ts'], environment: 'node' },
      },
      {
        plugins: [
          tsconfigPaths(),
          sqlText(),
          cloudflareTest(async () => {
            // Pushes go out as in production, signed with a key pair made for this run, to one push service stand-in
            // in Node beside workerd: the Worker's fetch (from a request's waitUntil or an object) reaches it by name,
            // as the Stripe project's reaches Stripe's. Facturapi is reached the same way, one stand-in for the run
            // with the organizations of scripts/local-vars.ts; tests read what it received at /_standin/requests.
            const vapid = await newVapidKeys()
            const pushService = createPushStandIn({ origin: PUSH_STANDIN })
            const facturapi = createFacturapiStandIn({ organizations: FACTURAPI_STANDIN_ORGANIZATIONS })
            const standIns: Record<string, (request: Request) => Promise<Response>> = {
              [PUSH_STANDIN]: (request) => pushService.fetch(request),
              [FACTURAPI_STANDIN]: (request) => facturapi.fetch(request),
            }
            return {
              main: './workers/app.ts',
              wrangler: { configPath: './wrangler.toml' },
              // wrangler.toml describes production; the tests run with the local stand-ins.
              miniflare: {
                bindings: {
                  ...LOCAL_VARS,
                  ...facturapiStandInVars(FACTURAPI_STANDIN),
                  VAPID_PUBLIC_KEY: vapid.publicKey,
                  VAPID_PRIVATE_KEY: vapid.privateKey,
                  VAPID_SUBJECT: 'mailto:push-tests@mesa.test',
                  PUSH_STANDIN,
                  TEST_MIGRATIONS: await readD1Migrations('migrations'),
                },
                // An empty database of its own for the test that migrates data written by an older schema.
                d1Databases: { MIGRATION_DB: 'migration-test' },
                outboundService: (request: Request) =>
                  standIns[new URL(request.url).origin]?.(request) ??
                  new Response(`The tests have no network: ${request.url}`, { status: 502 }),
              },
            }
          }),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/worker/stripe-*.test.ts'],
          setupFiles: ['./tests/worker/apply-migrations.ts'],
          // Some tests send a limit's worth of requests (60 and more): on a busy two-core machine that outlasts vitest's 5 s.
          testTimeout: 20_000,
          expect: { poll: POLL },
          deps: workerDeps,
        },
      },
      {
        plugins: [
          tsconfigPaths(),
          sqlText(),
          cloudflareTest(async () => {
            // One stand-in for the run, in Node beside workerd. Everything the Worker, its Durable Objects and the
            // tests fetch leaves workerd through miniflare's outboundService, which hands what goes to the stand-in's
            // name to it, as Stripe's network would: the bill's object charges through the app's own code path
            // (the SDK on the runtime's fetch), with no test hook in the app. vitest-pool-workers 0.15 has no
            // fetchMock any more, and patching globalThis.fetch inside the isolate would reach the objects only
            // because they share it with the tests.
            // Facturapi beside it, as in the worker project: what real money (and only it) gets stamped.
            const standIn = createStripeStandIn({ secretKey: STANDIN_KEYS.secretKey })
            const facturapi = createFacturapiStandIn({ organizations: FACTURAPI_STANDIN_ORGANIZATIONS })
            const standIns: Record<string, (request: Request) => Promise<Response>> = {
              [STRIPE_STANDIN]: (request) => standIn.fetch(request),
              [FACTURAPI_STANDIN]: (request) => facturapi.fetch(request),
            }
            return {
              main: './workers/app.ts',
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                bindings: {
                  ...LOCAL_VARS,
                  ...stripeStandInVars(STRIPE_STANDIN, STRIPE_FEE_BPS),
                  ...facturapiStandInVars(FACTURAPI_STANDIN),
                  TEST_MIGRATIONS: await readD1Migrations('migrations'),
                },
                outboundService: (request: Request) =>
                  standIns[new URL(request.url).origin]?.(request) ??
                  new Response(`The tests have no network: ${request.url}`, { status: 502 }),
              },
            }
          }),
        ],
        test: {
          name: 'stripe',
          expect: { poll: POLL },
          include: ['tests/worker/stripe-*.test.ts'],
          setupFiles: ['./tests/worker/apply-migrations.ts'],
          // The tests' own SDK, pre-bundled once: loaded module by module it is hundreds of files.
          deps: { optimizer: { ssr: { enabled: true, include: [...workerDeps.optimizer.ssr.include, 'stripe'] } } },
        },
      },
      {
        plugins: [tsconfigPaths()],
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Two files run at once on a two-core machine: a test of a few people's browsers that takes 20 s alone can take
          // three times that at the suite's busiest.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
