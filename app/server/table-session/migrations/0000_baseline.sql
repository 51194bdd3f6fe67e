CREATE TABLE `adjustments` (
	`id` text PRIMARY KEY NOT NULL,
	`line_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`quantity` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`staff` text NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "adjustments_kind_known" CHECK("adjustments"."kind" IN ('void', 'comp')),
	CONSTRAINT "adjustments_quantity_positive" CHECK("adjustments"."quantity" >= 1),
	CONSTRAINT "adjustments_amount_non_negative" CHECK("adjustments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE `bill` (
	`id` integer PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`table_id` text NOT NULL,
	`opened_at` integer NOT NULL,
	`closed_at` integer,
	`next_session_id` text,
	`table_info` text NOT NULL,
	`settlement` text,
	CONSTRAINT "bill_one_row" CHECK("bill"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `earlier_payments` (
	`transaction_id` text PRIMARY KEY NOT NULL,
	`payment` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `holds` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`request_hash` text NOT NULL,
	`request` text NOT NULL,
	`hold` text NOT NULL,
	`tax_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`status` text NOT NULL,
	`provider` text NOT NULL,
	`reference` text,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "holds_tax_non_negative" CHECK("holds"."tax_cents" >= 0),
	CONSTRAINT "holds_total_positive" CHECK("holds"."total_cents" > 0),
	CONSTRAINT "holds_status_known" CHECK("holds"."status" IN ('held', 'action', 'committed', 'released', 'expired'))
);
--> statement-breakpoint
CREATE INDEX `holds_by_transaction` ON `holds` (`transaction_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `lines` (
	`id` text PRIMARY KEY NOT NULL,
	`table_id` text NOT NULL,
	`session_id` text NOT NULL,
	`menu_item_id` text,
	`name` text NOT NULL,
	`description` text,
	`category` text DEFAULT 'Order' NOT NULL,
	`price_cents` integer NOT NULL,
	`quantity` integer NOT NULL,
	`paid_quantity` integer DEFAULT 0 NOT NULL,
	`customer_name` text,
	`paid_by` text,
	`created_at` integer NOT NULL,
	`comped` integer DEFAULT false NOT NULL,
	`note` text,
	`added_by` text,
	CONSTRAINT "lines_price_non_negative" CHECK("lines"."price_cents" >= 0),
	CONSTRAINT "lines_quantity_positive" CHECK("lines"."quantity" >= 1),
	CONSTRAINT "lines_paid_quantity_range" CHECK("lines"."paid_quantity" BETWEEN 0 AND "lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`committed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payments` (
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
	`created_at` integer NOT NULL,
	`recorded_by` text,
	`cash_received_cents` integer,
	CONSTRAINT "payments_amount_positive" CHECK("payments"."amount_cents" > 0),
	CONSTRAINT "payments_tip_non_negative" CHECK("payments"."tip_cents" >= 0),
	CONSTRAINT "payments_tax_non_negative" CHECK("payments"."tax_cents" >= 0),
	CONSTRAINT "payments_method_known" CHECK("payments"."payment_method" IN ('card', 'apple', 'google', 'cash', 'terminal')),
	CONSTRAINT "payments_cash_received" CHECK("payments"."cash_received_cents" IS NULL OR "payments"."cash_received_cents" >= "payments"."amount_cents" + "payments"."tax_cents" + "payments"."tip_cents"),
	CONSTRAINT "payments_type_known" CHECK("payments"."payment_type" IN ('full', 'item', 'split'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_transaction_id_unique` ON `payments` (`transaction_id`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`method` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`tip_cents` integer NOT NULL,
	`units` text NOT NULL,
	`reason` text NOT NULL,
	`staff` text NOT NULL,
	`status` text NOT NULL,
	`provider` text NOT NULL,
	`provider_reference` text,
	`created_at` integer NOT NULL,
	CONSTRAINT "refunds_amounts_non_negative" CHECK("refunds"."amount_cents" >= 0 AND "refunds"."tax_cents" >= 0 AND "refunds"."tip_cents" >= 0),
	CONSTRAINT "refunds_something" CHECK("refunds"."amount_cents" + "refunds"."tip_cents" > 0),
	CONSTRAINT "refunds_status_known" CHECK("refunds"."status" IN ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `refunds_by_payment` ON `refunds` (`payment_id`);