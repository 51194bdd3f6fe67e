import type { migrate } from 'drizzle-orm/durable-sqlite/migrator'

/** drizzle-kit's generated migrations.js, whose .sql files the build imports as text (vite/sql-text.ts). */
declare const config: Parameters<typeof migrate>[1]
export default config
