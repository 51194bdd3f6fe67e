DROP INDEX `invoice_requests_open_per_payment`;--> statement-breakpoint
ALTER TABLE `invoice_requests` ADD `substituted_by` text;--> statement-breakpoint
ALTER TABLE `invoice_requests` ADD `cancellation_status` text;--> statement-breakpoint
ALTER TABLE `invoice_requests` ADD `cancellation_checked_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_requests_open_per_payment` ON `invoice_requests` (`payment_id`) WHERE "invoice_requests"."status" NOT IN ('rejected', 'substituted');--> statement-breakpoint
-- fiscal_documents is rebuilt: an egreso may now undo a substituted factura rather than a refund. Nothing references
-- it, so dropping the old table deletes nothing else.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_fiscal_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`refund_id` text,
	`request_id` text,
	`kind` text NOT NULL,
	`cents` integer NOT NULL,
	`related_uuid` text,
	`facturapi_id` text,
	`uuid` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`error` text,
	`cancellation_status` text,
	`cancellation_motive` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_fiscal_documents`("id", "restaurant_id", "payment_id", "refund_id", "request_id", "kind", "cents", "related_uuid", "facturapi_id", "uuid", "status", "error", "cancellation_status", "cancellation_motive", "created_at", "updated_at") SELECT "id", "restaurant_id", "payment_id", "refund_id", NULL, "kind", "cents", "related_uuid", "facturapi_id", "uuid", "status", "error", "cancellation_status", "cancellation_motive", "created_at", "updated_at" FROM `fiscal_documents`;--> statement-breakpoint
DROP TABLE `fiscal_documents`;--> statement-breakpoint
ALTER TABLE `__new_fiscal_documents` RENAME TO `fiscal_documents`;--> statement-breakpoint
CREATE UNIQUE INDEX `fiscal_documents_refund_unique` ON `fiscal_documents` (`refund_id`,`kind`);--> statement-breakpoint
CREATE UNIQUE INDEX `fiscal_documents_request_unique` ON `fiscal_documents` (`request_id`,`kind`);--> statement-breakpoint
CREATE INDEX `fiscal_documents_payment_idx` ON `fiscal_documents` (`payment_id`);--> statement-breakpoint
CREATE INDEX `fiscal_documents_restaurant_idx` ON `fiscal_documents` (`restaurant_id`,`status`);