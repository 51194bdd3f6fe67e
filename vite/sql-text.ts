import type { Plugin } from 'vite'

/**
 * `.sql` files import as their text: drizzle-kit's migrations for the
 * TableSession's own SQLite (app/server/table-session/migrations) are
 * bundled into the Worker this way, in the build and under vitest alike.
 */
export function sqlText(): Plugin {
  return {
    name: 'mesa-sql-text',
    transform(code, id) {
      if (!id.endsWith('.sql')) return null
      return { code: `export default ${JSON.stringify(code)}`, map: null }
    },
  }
}
