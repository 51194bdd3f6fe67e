import { P256_PUBLIC_KEY } from '~/domain/schemas/push'
import { z } from '~/domain/schemas/zod'

/** One limit: hits allowed per key within a window. */
const limitSchema = z.object({ limit: z.number().int().positive(), windowSeconds: z.number().int().positive() })
export type LimitConfig = z.output<typeof limitSchema>

/**
 * Every anonymous write's limit, per what it is counted against. Generous
 * for a real table and a restaurant's shared Wi-Fi (many diners behind one
 * address), too tight for a script. Each can be changed in wrangler.toml's
 * RATE_LIMITS; docs/deploying.md lists them.
 */
export const DEFAULT_LIMITS = {
  // Lower per address than per table: one address alone cannot hold a table back.
  ordersPerTable: { limit: 60, windowSeconds: 60 },
  ordersPerAddress: { limit: 30, windowSeconds: 60 },
  paymentsPerAddress: { limit: 60, windowSeconds: 600 },
  tableLookupMissesPerAddress: { limit: 30, windowSeconds: 600 },
  // Short codes (40 bits) can be tried where session ids cannot: once these are used up, every short-code lookup from the address is refused.
  tableCodeMissesPerAddress: { limit: 20, windowSeconds: 600 },
  // Invitation links are 256-bit tokens nobody guesses; a script trying is still stopped, as for the codes above.
  invitationMissesPerAddress: { limit: 20, windowSeconds: 600 },
  registrationsPerAddress: { limit: 5, windowSeconds: 3600 },
  passwordResetsPerAddress: { limit: 5, windowSeconds: 3600 },
  waitlistPerAddress: { limit: 5, windowSeconds: 3600 },
  contactPerAddress: { limit: 5, windowSeconds: 3600 },
  // A table has one waiting call at a time; this stops one phone calling every table it can reach.
  waiterCallsPerAddress: { limit: 10, windowSeconds: 600 },
  failedSignInsPerAddressAndEmail: { limit: 5, windowSeconds: 900 },
  failedSignInsPerAddress: { limit: 20, windowSeconds: 900 },
  // A receipt is mailed a few times at most: nobody's inbox is flooded from a table.
  receiptEmailsPerPayment: { limit: 3, windowSeconds: 3600 },
  // A factura is asked for once; a few more tries an hour cover typing mistakes, not a script.
  facturaRequestsPerPayment: { limit: 5, windowSeconds: 3600 },
  // A PIN has 10,000 to 1,000,000 values: five wrong ones lock that member's PIN on every device for the window.
  failedPinsPerMember: { limit: 5, windowSeconds: 900 },
} satisfies Record<string, LimitConfig>
export type LimitName = keyof typeof DEFAULT_LIMITS

/** Unpaid lines one bill may hold before a diner's order is refused (staff may still add). */
export const DEFAULT_MAX_OPEN_LINES = 200

const limitsSchema = z
  .object(
    Object.fromEntries(Object.keys(DEFAULT_LIMITS).map((name) => [name, limitSchema.optional()])) as Record<
      LimitName,
      z.ZodOptional<typeof limitSchema>
    >,
  )
  .strict()
  .default({})
  .transform(
    (given) =>
      ({
        ...DEFAULT_LIMITS,
        ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)),
      }) as Record<LimitName, LimitConfig>,
  )

/** What to do about Web Push's keys, said by every problem with them. */
const VAPID_SETUP =
  "run `npx tsx scripts/vapid-keys.ts`, put VAPID_PUBLIC_KEY and VAPID_SUBJECT in wrangler.toml's [vars] and run `npx wrangler secret put VAPID_PRIVATE_KEY`."
const VAPID_PUBLIC_KEY_SHAPE =
  'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters starting with B), as scripts/vapid-keys.ts prints it.'
const VAPID_SUBJECT_SHAPE =
  'VAPID_SUBJECT must be a mailto: address or an https: URL where push services can reach whoever runs this Mesa (e.g. "mailto:ops@your-domain.example").'

/**
 * The Worker's configuration, read from its environment (wrangler.toml's vars
 * and secrets) and checked before it serves anything. Production refuses the
 * stand-ins: `simulated` would approve every real table's payment without
 * moving money, `log` would leave owners without their mail, and without
 * VAPID keys staff alerts would only be printed, never reach a phone.
 */
const envSchema = z
  .object({
    // Unset means production: only local runs say otherwise (scripts/local-vars.ts).
    MESA_ENV: z.enum(['development', 'production']).default('production'),
    PAYMENT_PROVIDER: z.enum(['simulated', 'stripe']).default('simulated'),
    // How long the simulated provider takes to answer, to measure the bill with a real provider's network time.
    SIMULATED_PROVIDER_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    // Stripe.js's key, for the diner's payment screen.
    STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
    // Another address only for the stand-in (local runs and tests): the SDK sends the secret key there.
    STRIPE_API_BASE: z.string().url().default('https://api.stripe.com'),
    // Mesa's application fee, in basis points of the bill part of each charge (never of tax or tip).
    MESA_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(0),
    MAIL_PROVIDER: z.enum(['log', 'resend']).default('log'),
    MAIL_FROM: z.string().min(3).optional(),
    MAIL_API_KEY: z.string().min(1).optional(),
    MAIL_API_BASE: z.string().url().default('https://api.resend.com'),
    // Web Push's VAPID key pair (scripts/vapid-keys.ts makes one): push services know this server by the public key,
    // which browsers subscribe with; the private key signs every push. The subject is whom a push service may write to.
    VAPID_PUBLIC_KEY: z.string().regex(P256_PUBLIC_KEY, { error: VAPID_PUBLIC_KEY_SHAPE }).optional(),
    VAPID_PRIVATE_KEY: z.string().min(1).optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:.+@.+|https:\/\/.+)$/, { error: VAPID_SUBJECT_SHAPE })
      .optional(),
    // 32 random bytes in base64 (`openssl rand -base64 32`): seals the restaurants' own secrets (their Facturapi keys) in D1.
    SECRETS_KEY: z
      .string()
      .refine((value) => /^[A-Za-z0-9+/]{43}=$/.test(value), {
        error: 'SECRETS_KEY must be 32 random bytes in base64: `openssl rand -base64 32`.',
      })
      .optional(),
    // Another address only for the stand-in (local runs and tests): the restaurant's Facturapi key is sent there.
    FACTURAPI_API_BASE: z.string().url().default('https://www.facturapi.io/v2'),
    RATE_LIMITS: limitsSchema,
    MAX_OPEN_LINES: z.coerce.number().int().positive().default(DEFAULT_MAX_OPEN_LINES),
  })
  .superRefine((env, context) => {
    const problem = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message })
    if (env.MAIL_PROVIDER === 'resend') {
      if (!env.MAIL_API_KEY)
        problem('MAIL_API_KEY', 'MAIL_PROVIDER "resend" needs its API key: run `npx wrangler secret put MAIL_API_KEY`.')
      if (!env.MAIL_FROM)
        problem('MAIL_FROM', 'MAIL_PROVIDER "resend" needs MAIL_FROM, an address of a domain verified with Resend.')
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      if (!env.STRIPE_SECRET_KEY)
        problem(
          'STRIPE_SECRET_KEY',
          'PAYMENT_PROVIDER "stripe" needs the platform\'s secret key: run `npx wrangler secret put STRIPE_SECRET_KEY`.',
        )
      if (!env.STRIPE_WEBHOOK_SECRET)
        problem(
          'STRIPE_WEBHOOK_SECRET',
          'PAYMENT_PROVIDER "stripe" needs the signing secret of its Connect webhook endpoint: run `npx wrangler secret put STRIPE_WEBHOOK_SECRET`.',
        )
      if (!env.STRIPE_PUBLISHABLE_KEY)
        problem(
          'STRIPE_PUBLISHABLE_KEY',
          'PAYMENT_PROVIDER "stripe" needs STRIPE_PUBLISHABLE_KEY (pk_…) in wrangler.toml\'s [vars], for the diners\' payment screen.',
        )
      else if (!env.STRIPE_PUBLISHABLE_KEY.startsWith('pk_'))
        problem(
          'STRIPE_PUBLISHABLE_KEY',
          'STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_…); the secret key goes in STRIPE_SECRET_KEY, as a secret.',
        )
    }
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT]
    if (vapid.some(Boolean)) {
      if (!env.VAPID_PUBLIC_KEY) problem('VAPID_PUBLIC_KEY', `Web Push needs the whole VAPID key pair: ${VAPID_SETUP}`)
      if (!env.VAPID_PRIVATE_KEY)
        problem('VAPID_PRIVATE_KEY', `Web Push needs the whole VAPID key pair: ${VAPID_SETUP}`)
      if (!env.VAPID_SUBJECT)
        problem('VAPID_SUBJECT', `Web Push needs whom push services may write to. ${VAPID_SUBJECT_SHAPE}`)
    }
    if (env.MESA_ENV !== 'production') return
    if (!env.STRIPE_API_BASE.startsWith('https://'))
      problem('STRIPE_API_BASE', 'STRIPE_API_BASE must be an https address: the Stripe SDK sends the secret key there.')
    if (!env.FACTURAPI_API_BASE.startsWith('https://'))
      problem(
        'FACTURAPI_API_BASE',
        'FACTURAPI_API_BASE must be an https address: restaurants’ Facturapi keys are sent there.',
      )
    if (!env.SECRETS_KEY)
      problem(
        'SECRETS_KEY',
        'SECRETS_KEY seals the restaurants’ Facturapi keys: run `openssl rand -base64 32 | npx wrangler secret put SECRETS_KEY`.',
      )
    if (!env.MAIL_API_BASE.startsWith('https://'))
      problem('MAIL_API_BASE', 'MAIL_API_BASE must be an https address: the mailer sends its API key there.')
    if (env.MAIL_PROVIDER === 'log')
      problem(
        'MAIL_PROVIDER',
        'MAIL_PROVIDER "log" only prints mail: owners would never get their password-reset links. Set MAIL_PROVIDER = "resend" with MAIL_FROM and the MAIL_API_KEY secret.',
      )
    if (env.PAYMENT_PROVIDER === 'simulated')
      problem(
        'PAYMENT_PROVIDER',
        'PAYMENT_PROVIDER "simulated" approves every payment without moving money; in production it may serve only the demo table. Set PAYMENT_PROVIDER = "stripe" with STRIPE_PUBLISHABLE_KEY and the STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET secrets.',
      )
    if (!vapid.some(Boolean))
      problem(
        'VAPID_PUBLIC_KEY',
        `Without a VAPID key pair staff alerts never reach a phone (the local push sender only prints them): ${VAPID_SETUP}`,
      )
  })
export type AppEnv = z.output<typeof envSchema>

/** Settings kept as secrets (`wrangler secret put`), never in wrangler.toml. */
export const SECRET_NAMES = [
  'MAIL_API_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'VAPID_PRIVATE_KEY',
  'SECRETS_KEY',
] as const

type Checked = { ok: true; env: AppEnv } | { ok: false; problems: string[] }

/** A configuration's settings checked against the schema: its values, or each problem as a line saying what to set. */
export function parseEnv(values: Record<string, unknown>): Checked {
  const parsed = envSchema.safeParse(values)
  return parsed.success
    ? { ok: true, env: parsed.data }
    : { ok: false, problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) }
}

const checked = new WeakMap<object, Checked>()

/** The Worker's configuration, checked once per environment object. */
export function checkEnv(env: Env): Checked {
  const known = checked.get(env) ?? parseEnv(env as unknown as Record<string, unknown>)
  checked.set(env, known)
  return known
}

/** The checked configuration; the Worker answers nothing before it has been checked, so this only fails in a misuse. */
export function appEnv(env: Env): AppEnv {
  const result = checkEnv(env)
  if (!result.ok) throw new Error(`Mesa is misconfigured:\n${result.problems.join('\n')}`)
  return result.env
}

/**
 * Whether the simulated provider stands in for every card here (no card
 * provider is configured: a local run, a test), so its payments count as
 * money that moved (see movedMoney); under Stripe they moved none.
 */
export const simulatedStandsIn = (env: Env) => appEnv(env).PAYMENT_PROVIDER === 'simulated'
