CREATE TABLE `alert_recipients` (
	`alert_id` text NOT NULL,
	`user_id` text NOT NULL,
	`read_at` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`alert_id`, `user_id`),
	FOREIGN KEY (`alert_id`) REFERENCES `alerts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_recipients_person_idx` ON `alert_recipients` (`user_id`,`read_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`kind` text NOT NULL,
	`table_id` text NOT NULL,
	`table_number` text NOT NULL,
	`session_id` text NOT NULL,
	`amount_cents` integer,
	`detail` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alerts_restaurant_idx` ON `alerts` (`restaurant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `table_follows` (
	`user_id` text NOT NULL,
	`table_id` text NOT NULL,
	`following` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `table_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `table_follows_table_idx` ON `table_follows` (`table_id`);--> statement-breakpoint
ALTER TABLE `restaurants` ADD `walkout_minutes` integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `alert_sound` integer DEFAULT true NOT NULL;