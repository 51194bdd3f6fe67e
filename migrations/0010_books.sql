-- The restaurant's books: cash and terminal payments recorded by staff (payments is rebuilt for its new methods;
-- nothing references it yet, so dropping the old table deletes nothing else), lines that are on the house, waiters'
-- notes, voids and comps, refunds, how a bill closed with something unpaid was settled, and the restaurant's time zone.
PRAGMA defer_foreign_keys = on;
CREATE TABLE `__new_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`table_id` text NOT NULL,
	`session_id` text NOT NULL,
	`transaction_id` text NOT NULL,
	`request_hash` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`tip_cents` integer DEFAULT 0 NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`tip_percentage` integer,
	`payment_method` text NOT NULL,
	`payment_type` text NOT NULL,
	`customer_name` text DEFAULT 'Guest' NOT NULL,
	`paid_items` text,
	`split_count` integer,
	`split_shares` integer,
	`service_quality` text,
	`provider` text DEFAULT 'simulated' NOT NULL,
	`provider_reference` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`delivered_at` integer,
	`recorded_by` text,
	`cash_received_cents` integer,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `table_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payments_amount_positive" CHECK("__new_payments"."amount_cents" > 0),
	CONSTRAINT "payments_tip_non_negative" CHECK("__new_payments"."tip_cents" >= 0),
	CONSTRAINT "payments_tax_non_negative" CHECK("__new_payments"."tax_cents" >= 0),
	CONSTRAINT "payments_method_known" CHECK("__new_payments"."payment_method" IN ('card', 'apple', 'google', 'cash', 'terminal')),
	CONSTRAINT "payments_cash_received" CHECK("__new_payments"."cash_received_cents" IS NULL OR "__new_payments"."cash_received_cents" >= "__new_payments"."amount_cents" + "__new_payments"."tax_cents" + "__new_payments"."tip_cents"),
	CONSTRAINT "payments_type_known" CHECK("__new_payments"."payment_type" IN ('full', 'item', 'split'))
);
--> statement-breakpoint
INSERT INTO `__new_payments`("id", "table_id", "session_id", "transaction_id", "request_hash", "amount_cents", "tip_cents", "tax_cents", "tip_percentage", "payment_method", "payment_type", "customer_name", "paid_items", "split_count", "split_shares", "service_quality", "provider", "provider_reference", "created_at", "delivered_at") SELECT "id", "table_id", "session_id", "transaction_id", "request_hash", "amount_cents", "tip_cents", "tax_cents", "tip_percentage", "payment_method", "payment_type", "customer_name", "paid_items", "split_count", "split_shares", "service_quality", "provider", "provider_reference", "created_at", "delivered_at" FROM `payments`;
--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_session_transaction_unique` ON `payments` (`session_id`,`transaction_id`);--> statement-breakpoint
CREATE INDEX `payments_session_idx` ON `payments` (`session_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_table_idx` ON `payments` (`table_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `bill_adjustments` (
	`id` text PRIMARY KEY NOT NULL,
	`table_id` text NOT NULL,
	`session_id` text NOT NULL,
	`line_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`quantity` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`staff` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `table_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "bill_adjustments_kind_known" CHECK("bill_adjustments"."kind" IN ('void', 'comp')),
	CONSTRAINT "bill_adjustments_quantity_positive" CHECK("bill_adjustments"."quantity" >= 1),
	CONSTRAINT "bill_adjustments_amount_non_negative" CHECK("bill_adjustments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `bill_adjustments_session_idx` ON `bill_adjustments` (`session_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bill_adjustments_table_idx` ON `bill_adjustments` (`table_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`table_id` text NOT NULL,
	`session_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`method` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`tip_cents` integer DEFAULT 0 NOT NULL,
	`units` text DEFAULT '[]' NOT NULL,
	`reason` text NOT NULL,
	`staff` text NOT NULL,
	`provider` text NOT NULL,
	`provider_reference` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `table_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "refunds_amounts_non_negative" CHECK("refunds"."amount_cents" >= 0 AND "refunds"."tax_cents" >= 0 AND "refunds"."tip_cents" >= 0),
	CONSTRAINT "refunds_something" CHECK("refunds"."amount_cents" + "refunds"."tip_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `refunds_session_idx` ON `refunds` (`session_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `refunds_table_idx` ON `refunds` (`table_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `refunds_payment_idx` ON `refunds` (`payment_id`);--> statement-breakpoint
ALTER TABLE `bill_items` ADD `comped` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `bill_items` ADD `note` text;--> statement-breakpoint
ALTER TABLE `bill_items` ADD `added_by` text;--> statement-breakpoint
ALTER TABLE `table_sessions` ADD `unpaid_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `table_sessions` ADD `unpaid_reason` text;--> statement-breakpoint
ALTER TABLE `table_sessions` ADD `closed_by` text;--> statement-breakpoint
ALTER TABLE `users` ADD `time_zone` text DEFAULT 'America/Mexico_City' NOT NULL;