CREATE TABLE `global_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`facturapi_invoice_id` text NOT NULL,
	`periodicity` text NOT NULL,
	`from_day` text NOT NULL,
	`to_day` text NOT NULL,
	`total_cents` integer NOT NULL,
	`issued_by` text NOT NULL,
	`issued_by_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `global_invoices_restaurant_idx` ON `global_invoices` (`restaurant_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `invoice_requests` ADD `facturapi_invoice_id` text;--> statement-breakpoint
ALTER TABLE `receipts` ADD `facturapi_receipt_id` text;--> statement-breakpoint
ALTER TABLE `receipts` ADD `facturapi_cents` integer;--> statement-breakpoint
ALTER TABLE `receipts` ADD `facturapi_status` text;