ALTER TABLE `payments` ADD `tax_rate_bps` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `receipt_token` text;