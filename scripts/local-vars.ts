/**
 * What local runs (`npm start`, the tests, the benchmark, the browser tests)
 * set on top of wrangler.toml, which describes production: the stand-in
 * payment provider and mailer, which the Worker accepts only in development.
 */
export const LOCAL_VARS = {
  MESA_ENV: 'development',
  PAYMENT_PROVIDER: 'simulated',
  MAIL_PROVIDER: 'log',
} as const

/** The same, as `wrangler dev` flags. */
export const localVarFlags = Object.entries(LOCAL_VARS).flatMap(([name, value]) => ['--var', `${name}:${value}`])
