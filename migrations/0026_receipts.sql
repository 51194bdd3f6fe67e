CREATE TABLE `receipts` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`folio` integer NOT NULL,
	`card_brand` text,
	`card_last4` text,
	`card_asked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_restaurant_folio_unique` ON `receipts` (`restaurant_id`,`folio`);--> statement-breakpoint
ALTER TABLE `payments` ADD `tax_rate_bps` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `receipt_token` text;