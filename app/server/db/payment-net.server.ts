import { sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Sums } from '~/domain/bill'
import { payments, refunds, refundStands } from './schema.server'

type MoneyColumns = Record<keyof Sums, SQLiteColumn>

/** Where a payment and its refunds are kept: the ledger's tables, or a table's object's own. */
export interface PaymentBook {
  payments: MoneyColumns & { id: SQLiteColumn }
  refunds: MoneyColumns & { paymentId: SQLiteColumn }
  /** The refunds that gave money back: only these are taken off. */
  stands: SQL
}

const LEDGER: PaymentBook = { payments, refunds, stands: refundStands }

/**
 * netOf in SQL, for a query over `book.payments`: the sum of `parts` of the
 * payment less what its standing refunds gave back of them.
 */
export function netSql(parts: readonly (keyof Sums)[], book: PaymentBook = LEDGER): SQL<number> {
  const of = (table: MoneyColumns) =>
    sql.join(
      parts.map((part) => sql`${table[part]}`),
      sql` + `,
    )
  // Each part nested in its own SQL: drizzle drops the table of a column at the top of a field read from one table, and the subquery would then match its own rows.
  const paymentOf = sql`${book.refunds.paymentId} = ${book.payments.id}`
  return sql<number>`(${of(book.payments)}) - (SELECT coalesce(sum(${of(book.refunds)}), 0) FROM ${book.refunds.paymentId.table} WHERE ${paymentOf} AND ${book.stands})`
}
