ALTER TABLE `orders` ADD `sent_by` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `sent_by_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `step` text DEFAULT 'served' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `step_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `moves` text DEFAULT '[]' NOT NULL;