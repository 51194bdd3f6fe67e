import type { D1Migration } from 'cloudflare:test'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[]
      // An empty database for the migration test (vitest.config.ts).
      MIGRATION_DB: D1Database
      // Set in the Stripe project only (vitest.config.ts).
      STRIPE_SECRET_KEY?: string
      STRIPE_WEBHOOK_SECRET?: string
      STRIPE_API_BASE?: string
      MESA_FEE_BPS?: string
      // Set in the worker project only (vitest.config.ts): this run's VAPID key pair, and the push service stand-in's origin.
      VAPID_PUBLIC_KEY?: string
      VAPID_PRIVATE_KEY?: string
      VAPID_SUBJECT?: string
      PUSH_STANDIN?: string
    }
  }
}
