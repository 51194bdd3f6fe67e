/**
 * What local runs (`npm start`, the tests, the benchmark, the browser tests)
 * set on top of wrangler.toml, which describes production: the stand-in
 * payment provider and mailer, which the Worker accepts only in development.
 */
export const LOCAL_VARS = {
  MESA_ENV: 'development',
  PAYMENT_PROVIDER: 'simulated',
  MAIL_PROVIDER: 'log',
  // Local runs only: a fixed key, so what a local run sealed opens after a restart. Never production's.
  SECRETS_KEY: 'bWVzYS1sb2NhbC1zZWNyZXRzLWtleS0zMi1ieXRlcyE=',
} as const

/** Variables as `wrangler dev` flags. */
export const varFlags = (vars: Record<string, string>) =>
  Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`])

/** LOCAL_VARS as `wrangler dev` flags. */
export const localVarFlags = varFlags(LOCAL_VARS)

/** Test-mode keys the Stripe stand-in is started with, for local runs and tests only: never a real account's. */
export const STANDIN_KEYS = {
  secretKey: 'sk_test_mesa_local',
  publishableKey: 'pk_test_mesa_local',
  webhookSecret: 'whsec_mesa_local',
} as const

/**
 * What `STRIPE=standin npm start` and the Stripe tests set on top of
 * LOCAL_VARS: real Stripe payments, sent to the stand-in at `apiBase`.
 */
export function stripeStandInVars(apiBase: string, feeBps = 0) {
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: STANDIN_KEYS.secretKey,
    STRIPE_WEBHOOK_SECRET: STANDIN_KEYS.webhookSecret,
    STRIPE_PUBLISHABLE_KEY: STANDIN_KEYS.publishableKey,
    STRIPE_API_BASE: apiBase,
    MESA_FEE_BPS: String(feeBps),
  } as const
}

/**
 * The organizations the Facturapi stand-in is started with for `npm start`
 * and the worker tests: made-up restaurants with test-mode keys, never a
 * real organization's (docs/facturapi-standin.md). A restaurant issues its
 * receipts and facturas with its own key.
 */
export const FACTURAPI_STANDIN_ORGANIZATIONS = [
  {
    key: 'sk_test_mesa_facturapi',
    legal_name: 'FONDA DE PRUEBA',
    tax_id: 'FPR200101AB1',
    tax_system: '601',
    zip: '06700',
  },
  {
    key: 'sk_test_mesa_facturapi_2',
    legal_name: 'MARIA FERNANDEZ LOPEZ',
    tax_id: 'FELM800101AB1',
    tax_system: '626',
    zip: '44100',
  },
  // The fiscal reconciliation test's own, so the bad days it plays at Facturapi reach no other test.
  {
    key: 'sk_test_mesa_facturapi_ledger',
    legal_name: 'TAQUERIA DEL LIBRO MAYOR',
    tax_id: 'TLM200101AB1',
    tax_system: '601',
    zip: '64000',
  },
] as const

/** What local runs and the worker tests set for Facturapi: the stand-in at `origin`, with its API under /v2. */
export const facturapiStandInVars = (origin: string) => ({ FACTURAPI_API_BASE: `${origin}/v2` }) as const
