CREATE TABLE `fiscal_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`refund_id` text NOT NULL,
	`kind` text NOT NULL,
	`cents` integer NOT NULL,
	`related_uuid` text,
	`facturapi_id` text,
	`uuid` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fiscal_documents_refund_unique` ON `fiscal_documents` (`refund_id`,`kind`);--> statement-breakpoint
CREATE INDEX `fiscal_documents_payment_idx` ON `fiscal_documents` (`payment_id`);--> statement-breakpoint
CREATE INDEX `fiscal_documents_restaurant_idx` ON `fiscal_documents` (`restaurant_id`,`status`);