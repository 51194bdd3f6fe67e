/**
 * D1's schema, one file per feature under schema/; everything imports it
 * from here, and drizzle-kit reads it from here.
 */
export * from './schema/accounts.server'
export * from './schema/bills.server'
export * from './schema/floor.server'
export * from './schema/menus.server'
export * from './schema/site.server'
export * from './schema/books.server'
export * from './schema/fiscal.server'
