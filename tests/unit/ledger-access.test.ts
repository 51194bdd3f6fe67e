import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const LEDGER_TABLES = [
  'tableSessions',
  'billItems',
  'payments',
  'billAdjustments',
  'refunds',
  'kitchenTickets',
  'disputes',
  'receipts',
  'invoiceRequests',
  'ratings',
  'globalInvoices',
  'drawerSessions',
  'drawerCounts',
  'fiscalDocuments',
]
const ACCESSOR = 'app/server/books/ledger.server.ts'
/** The table object's own SQLite, whose tables share the ledger's names: not D1. */
const OBJECT_STORAGE = ['app/server/table-session/legacy-schema.server.ts']

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })

/** Whether a file reads or writes D1's ledger: imports one of its tables from D1's schema, or names one in raw SQL. */
function touchesLedger(text: string): boolean {
  const imports = [...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*db\/schema\.server'/g)]
  const names = imports.flatMap((match) => match[1]!.split(',').map((name) => name.trim().split(/\s+/)[0]))
  if (names.some((name) => LEDGER_TABLES.includes(name!))) return true
  return /\b(?:FROM|JOIN|INTO|UPDATE)\s+"?(?:bill_items|payments|refunds|bill_adjustments|table_sessions|kitchen_tickets|disputes)\b/.test(
    text,
  )
}

/**
 * The ledger can be placed per restaurant only if every read or write of it
 * starts from ledgerOf (app/server/books/ledger.server.ts): a file that
 * touches D1's ledger gets its database from a Ledger, never from the
 * Worker's D1 binding directly.
 */
describe('D1 ledger access', () => {
  const files = sources('app').map((path) => ({ path, text: readFileSync(path, 'utf8') }))
  const ledgerFiles = files.filter(
    (file) => file.path !== ACCESSOR && !OBJECT_STORAGE.includes(file.path) && touchesLedger(file.text),
  )

  it('finds the ledger’s readers and writers (so the rule below is about something)', () => {
    const paths = ledgerFiles.map((file) => file.path)
    for (const reader of [
      'app/server/books/cash-out.server.ts',
      'app/server/books/analytics.server.ts',
      'app/server/tables/tables.server.ts',
      'app/server/table-session/outbox.server.ts',
      'app/server/bills/bill-reads.server.ts',
    ])
      expect(paths).toContain(reader)
  })

  it('every one of them reaches D1 only through a Ledger', () => {
    const direct = ledgerFiles.filter((file) => /\bgetDb\(|\benv\.DB\b|\.DB\)/.test(file.text)).map((file) => file.path)
    expect(direct).toEqual([])
    for (const file of ledgerFiles) expect(file.text, file.path).toMatch(/from '[^']*\/ledger\.server'/)
  })
})
