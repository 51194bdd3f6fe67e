/**
 * Run by `npm run deploy` before anything is built or uploaded: the settings
 * of wrangler.toml, read the way wrangler reads them, must
 * pass the Worker's own configuration check (app/server/env.server.ts). A
 * configuration the Worker would refuse to serve is not deployed; this says
 * what to set. Secrets cannot be read from here: the Worker checks those when
 * it serves its first request.
 */
import { unstable_readConfig } from 'wrangler'
import { parseEnv, SECRET_NAMES } from '../app/server/env.server'

const { vars } = unstable_readConfig({ config: 'wrangler.toml' })
const problems: string[] = []
for (const name of SECRET_NAMES)
  if (name in vars)
    problems.push(
      `${name}: a secret does not belong in wrangler.toml; remove it and run \`npx wrangler secret put ${name}\`.`,
    )
if (vars.MESA_ENV !== undefined && vars.MESA_ENV !== 'production')
  problems.push('MESA_ENV: a deployed Mesa is "production"; development is for local runs (scripts/local-vars.ts).')
// Stand-ins for the secrets, each of the shape the Worker checks it for (SECRETS_KEY: 32 bytes in base64).
const secrets = Object.fromEntries(
  SECRET_NAMES.map((name) => [name, name === 'SECRETS_KEY' ? btoa('x'.repeat(32)) : `(the ${name} secret)`]),
)
const result = parseEnv({ ...vars, ...secrets })
if (!result.ok) problems.push(...result.problems)
if (problems.length > 0) {
  console.error(
    `Not deploying: wrangler.toml would not be served.\n\n${problems.map((problem) => `- ${problem}`).join('\n')}\n\nSee docs/deploying.md.`,
  )
  process.exit(1)
}
console.log("wrangler.toml passes the Worker's configuration check.")
