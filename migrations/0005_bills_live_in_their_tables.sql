DROP INDEX `payments_transaction_id_unique`;--> statement-breakpoint
ALTER TABLE `payments` ADD `delivered_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_session_transaction_unique` ON `payments` (`session_id`,`transaction_id`);