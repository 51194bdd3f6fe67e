CREATE TABLE `invoice_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`restaurant_id` text NOT NULL,
	`rfc` text NOT NULL,
	`legal_name` text NOT NULL,
	`tax_regime` text NOT NULL,
	`postal_code` text NOT NULL,
	`cfdi_use` text NOT NULL,
	`email` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reject_reason` text,
	`decided_by` text,
	`decided_by_id` text,
	`decided_at` integer,
	`pdf_key` text,
	`xml_key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_requests_open_per_payment` ON `invoice_requests` (`payment_id`) WHERE "invoice_requests"."status" != 'rejected';--> statement-breakpoint
CREATE INDEX `invoice_requests_restaurant_idx` ON `invoice_requests` (`restaurant_id`,`status`,`created_at`);