ALTER TABLE `payments` ADD `register_id` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `register_id` text;