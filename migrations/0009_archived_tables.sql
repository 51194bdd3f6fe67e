-- Tables are archived, never deleted: deleting one took its bills and payments out of the books with it (the foreign keys cascade).
-- archived_at (epoch ms) is when staff took the table out of use; its number is then free for a new table, so one number per restaurant holds among tables in use only.
DROP INDEX `tables_user_number_unique`;--> statement-breakpoint
ALTER TABLE `tables` ADD `archived_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `tables_user_number_unique` ON `tables` (`user_id`,`table_number`) WHERE archived_at IS NULL;