CREATE TABLE `registers` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`retired_at` integer,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `registers_restaurant_idx` ON `registers` (`restaurant_id`,`created_at`);--> statement-breakpoint
DROP INDEX `drawer_sessions_one_open`;--> statement-breakpoint
ALTER TABLE `drawer_sessions` ADD `register_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `drawer_sessions_one_open` ON `drawer_sessions` (`restaurant_id`,coalesce(`register_id`, '')) WHERE "drawer_sessions"."closed_at" IS NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `register_id` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `register_id` text;