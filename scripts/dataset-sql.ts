/**
 * SQL for the tables the browser tests and the benchmark set up for
 * themselves: a restaurant owner nobody signs in as (no real password) and
 * tables with an open bill. Prices are line totals in cents.
 */

/** A value as an SQL literal. */
export const quote = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`)

/** A restaurant and its owner, under one id (as restaurants made before they were their own record are). */
export function ownerSql(id: string, restaurantName: string): string {
  const now = Date.now()
  return [
    `INSERT INTO restaurants (id, restaurant_name, created_at) VALUES (${quote(id)}, ${quote(restaurantName)}, ${now});`,
    `INSERT INTO users (id, email, password_hash, password_salt, password_iterations, last_restaurant_id, created_at) VALUES (${quote(id)}, ${quote(`${id}@example.com`)}, 'x', 'x', 1, ${quote(id)}, ${now});`,
    `INSERT INTO memberships (id, restaurant_id, user_id, role, created_at) VALUES (${quote(id)}, ${quote(id)}, ${quote(id)}, 'owner', ${now});`,
  ].join('\n')
}

export interface LineSeed {
  id?: string
  name: string
  cents: number
  quantity: number
  diner: string | null
}

/** A table of `owner` whose open bill holds `lines`, in that order; without a short code, staff screens draw one when they first show it. */
export function tableSql(table: {
  owner: string
  tableId: string
  sessionId: string
  number: string
  shortCode?: string
  lines: LineSeed[]
}): string[] {
  const now = Date.now()
  return [
    `INSERT INTO tables (id, restaurant_id, table_number, capacity, is_active, session_id, short_code, created_at) VALUES (${quote(table.tableId)}, ${quote(table.owner)}, ${quote(table.number)}, 4, 1, ${quote(table.sessionId)}, ${quote(table.shortCode ?? null)}, ${now});`,
    `INSERT INTO table_sessions (id, table_id, opened_at) VALUES (${quote(table.sessionId)}, ${quote(table.tableId)}, ${now});`,
    ...table.lines.map(
      (line, index) =>
        `INSERT INTO bill_items (id, table_id, session_id, name, price_cents, quantity, customer_name, created_at) VALUES (${quote(line.id ?? crypto.randomUUID())}, ${quote(table.tableId)}, ${quote(table.sessionId)}, ${quote(line.name)}, ${line.cents}, ${line.quantity}, ${quote(line.diner)}, ${now + index});`,
    ),
  ]
}
