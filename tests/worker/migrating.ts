import { applyD1Migrations, env } from 'cloudflare:test'

/**
 * A migration tried on data written by the schema before it: an empty D1 of
 * its own (MIGRATION_DB, vitest.config.ts) brought up to just before
 * `migration`, filled by the test, then taken to today's schema.
 */
export function migrating(migration: string) {
  const db = env.MIGRATION_DB
  return {
    db,
    before: () =>
      applyD1Migrations(
        db,
        env.TEST_MIGRATIONS.filter((each) => each.name < migration),
      ),
    after: () => applyD1Migrations(db, env.TEST_MIGRATIONS),
    /** One statement with its values. */
    run: async (sql: string, ...values: (string | number | null)[]) => {
      await db
        .prepare(sql)
        .bind(...values)
        .run()
    },
  }
}
