/**
 * Run by `npm run deploy` before anything is built or uploaded: the settings
 * of [env.production] in wrangler.toml, read the way wrangler reads them, must
 * pass the Worker's own configuration check (app/server/env.server.ts). A
 * configuration the Worker would refuse to serve is not deployed; this says
 * what to set. Secrets cannot be read from here: the Worker checks those when
 * it serves its first request.
 */
import { unstable_readConfig } from 'wrangler'
import { parseEnv, SECRET_NAMES } from '../app/server/env.server'

const environment = process.argv[2] ?? 'production'
const config = unstable_readConfig({ config: 'wrangler.toml', env: environment })
const secrets = Object.fromEntries(SECRET_NAMES.map((name) => [name, `(the ${name} secret)`]))
const result = parseEnv({ ...secrets, ...config.vars })
if (!result.ok) {
  console.error(`Not deploying: [env.${environment}] in wrangler.toml would not be served.\n\n${result.problems.map((problem) => `- ${problem}`).join('\n')}\n\nSee docs/deploying.md.`)
  process.exit(1)
}
if (result.env.MESA_ENV !== 'production') {
  console.error(`Not deploying: [env.${environment}] must set MESA_ENV = "production".`)
  process.exit(1)
}
console.log(`[env.${environment}] passes the Worker's configuration check.`)
