import { defineConfig } from 'drizzle-kit'

/** The TableSession object's own SQLite (D1's schema is drizzle.config.ts): its migrations ship inside the Worker. */
export default defineConfig({
  dialect: 'sqlite',
  driver: 'durable-sqlite',
  schema: './app/server/table-session/schema.server.ts',
  out: './app/server/table-session/migrations',
})
