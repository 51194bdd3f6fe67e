CREATE TABLE `auth_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_sessions_user_idx` ON `auth_sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `bill_items` (
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
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `table_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`menu_item_id`) REFERENCES `menu_items`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "bill_items_price_non_negative" CHECK("bill_items"."price_cents" >= 0),
	CONSTRAINT "bill_items_quantity_positive" CHECK("bill_items"."quantity" >= 1),
	CONSTRAINT "bill_items_paid_quantity_range" CHECK("bill_items"."paid_quantity" BETWEEN 0 AND "bill_items"."quantity")
);
--> statement-breakpoint
CREATE INDEX `bill_items_session_idx` ON `bill_items` (`session_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`menu_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `categories_menu_idx` ON `categories` (`menu_id`);--> statement-breakpoint
CREATE TABLE `contact_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`email` text NOT NULL,
	`restaurant` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `menu_items` (
	`id` text PRIMARY KEY NOT NULL,
	`category_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`price_cents` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "menu_items_price_positive" CHECK("menu_items"."price_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `menu_items_category_idx` ON `menu_items` (`category_id`);--> statement-breakpoint
CREATE TABLE `menus` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`type` text DEFAULT 'regular' NOT NULL,
	`pdf_key` text,
	`pdf_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `menus_user_idx` ON `menus` (`user_id`);--> statement-breakpoint
CREATE TABLE `modifier_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`menu_item_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`required` integer DEFAULT false NOT NULL,
	`multiple_select` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`menu_item_id`) REFERENCES `menu_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `modifier_groups_item_idx` ON `modifier_groups` (`menu_item_id`);--> statement-breakpoint
CREATE TABLE `modifier_options` (
	`id` text PRIMARY KEY NOT NULL,
	`modifier_group_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`price_adjustment_cents` integer DEFAULT 0 NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`modifier_group_id`) REFERENCES `modifier_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "modifier_options_price_non_negative" CHECK("modifier_options"."price_adjustment_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `modifier_options_group_idx` ON `modifier_options` (`modifier_group_id`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`);--> statement-breakpoint
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
	`service_quality` text,
	`provider` text DEFAULT 'simulated' NOT NULL,
	`provider_reference` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `table_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payments_amount_positive" CHECK("payments"."amount_cents" > 0),
	CONSTRAINT "payments_tip_non_negative" CHECK("payments"."tip_cents" >= 0),
	CONSTRAINT "payments_tax_non_negative" CHECK("payments"."tax_cents" >= 0),
	CONSTRAINT "payments_method_known" CHECK("payments"."payment_method" IN ('card', 'apple', 'google')),
	CONSTRAINT "payments_type_known" CHECK("payments"."payment_type" IN ('full', 'item', 'split'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_transaction_id_unique` ON `payments` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `payments_session_idx` ON `payments` (`session_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_table_idx` ON `payments` (`table_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `table_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`table_id` text NOT NULL,
	`opened_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `table_sessions_table_idx` ON `table_sessions` (`table_id`);--> statement-breakpoint
CREATE TABLE `tables` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`table_number` text NOT NULL,
	`table_name` text,
	`capacity` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`session_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "tables_capacity_non_negative" CHECK("tables"."capacity" IS NULL OR "tables"."capacity" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tables_session_id_unique` ON `tables` (`session_id`);--> statement-breakpoint
CREATE INDEX `tables_user_idx` ON `tables` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`password_salt` text NOT NULL,
	`password_algorithm` text DEFAULT 'pbkdf2-sha256' NOT NULL,
	`password_iterations` integer NOT NULL,
	`owner_name` text,
	`restaurant_name` text,
	`restaurant_type` text,
	`restaurant_cuisine` text,
	`restaurant_address` text,
	`restaurant_phone` text,
	`restaurant_email` text,
	`show_tax_separately` integer DEFAULT false NOT NULL,
	`tax_rate_bps` integer DEFAULT 1600 NOT NULL,
	`tax_included_in_price` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "users_tax_rate_range" CHECK("users"."tax_rate_bps" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `waitlist` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`restaurant_name` text NOT NULL,
	`message` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
