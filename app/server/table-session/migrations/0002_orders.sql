CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`items` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `lines` ADD `order_id` text;