-- Every table gets a short code a person can type (K7MQ-4XPD; app/domain/table-code.ts), stored canonical (K7MQ4XPD) and unique across restaurants.
-- Existing tables are not given one here: the Worker draws it the first time staff read the table (their screens or the staff API; withCodes in app/server/tables.server.ts). Only staff are ever shown a code, so none is printed or typed before it exists. Why not in SQL:
-- 1. Every code must come from the same source as a new table's: crypto.getRandomValues in the Worker, one symbol per byte. SQLite's random() inside D1 is not a generator we can vouch for.
-- 2. A code computed from the table's id would be known to anyone who knows the id, and diners' pages carry it; it could also collide with another, and then the unique index, and the whole deploy, would fail here. The Worker retries a collision with a new code.
-- 3. NOT NULL cannot be added to a table with rows without rebuilding it, and rebuilding `tables` under D1's foreign keys would cascade-delete every bill. NULL means "not drawn yet"; the unique index allows any number of them.
ALTER TABLE `tables` ADD `short_code` text;--> statement-breakpoint
CREATE UNIQUE INDEX `tables_short_code_unique` ON `tables` (`short_code`);
