import { drizzle, type DrizzleSqliteDODatabase } from 'drizzle-orm/durable-sqlite'
import { migrate } from 'drizzle-orm/durable-sqlite/migrator'
import { LEGACY_STEPS } from './legacy-schema.server'
import migrations from './migrations/migrations'

export type ObjectDb = DrizzleSqliteDODatabase

export const objectDb = (storage: DurableObjectStorage): ObjectDb => drizzle(storage)

/** drizzle's journal of applied migrations, as its durable-sqlite migrator names and makes it. */
const JOURNAL = '__drizzle_migrations'
/** The hand-written steps' counter, in storage made before the journal (legacy-schema.server.ts). */
const LEGACY_COUNTER = 'schema_steps'

const tableExists = (storage: DurableObjectStorage, name: string) =>
  storage.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name).toArray().length > 0

/** Whether this object's storage has a schema: an object asked about an id that names no bill never writes one. */
export const hasSchema = (storage: DurableObjectStorage) =>
  tableExists(storage, JOURNAL) || tableExists(storage, LEGACY_COUNTER)

/**
 * Brings the object's storage to the newest schema: storage written by the
 * hand-written steps is first adopted at the baseline, then every
 * generated migration after the last one applied runs, each in one
 * transaction.
 */
export async function migrateStorage(storage: DurableObjectStorage, db: ObjectDb): Promise<void> {
  if (tableExists(storage, LEGACY_COUNTER)) storage.transactionSync(() => adoptLegacy(storage))
  await migrate(db, migrations)
}

/**
 * Storage made by the hand-written steps: finished to their last step,
 * which is the baseline migration's schema, then recorded in drizzle's
 * journal as at the baseline, so the migrator applies only what came after
 * it. Its rows stay where they are.
 */
function adoptLegacy(storage: DurableObjectStorage) {
  const done = storage.sql.exec<{ steps: number }>(`SELECT count(*) AS steps FROM ${LEGACY_COUNTER}`).one().steps
  for (const step of LEGACY_STEPS.slice(done)) storage.sql.exec(step)
  const [baseline] = migrations.journal.entries
  if (!baseline) throw new Error('the object has no baseline migration')
  // The steps left payments' unique transaction_id an unnamed index; a later migration may drop or rebuild it by the baseline's name.
  for (const statement of baselineIndexes()) storage.sql.exec(statement)
  storage.sql.exec(
    `CREATE TABLE IF NOT EXISTS ${JOURNAL} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`,
  )
  storage.sql.exec(`INSERT INTO ${JOURNAL} (hash, created_at) VALUES ('', ?)`, baseline.when)
  storage.sql.exec(`DROP TABLE ${LEGACY_COUNTER}`)
}

/** The baseline migration's indexes, each made only if storage lacks one of that name. */
function baselineIndexes(): string[] {
  const sql = migrations.migrations.m0000 ?? ''
  return sql
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /^CREATE (UNIQUE )?INDEX /.test(statement))
    .map((statement) => statement.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '))
}
