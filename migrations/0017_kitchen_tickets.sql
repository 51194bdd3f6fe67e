CREATE TABLE `kitchen_tickets` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`sent_by` text,
	`sent_by_id` text,
	`step` text DEFAULT 'new' NOT NULL,
	`step_at` integer NOT NULL,
	`moves` text DEFAULT '[]' NOT NULL,
	`restaurant_id` text NOT NULL,
	`table_id` text NOT NULL,
	`session_id` text NOT NULL,
	`lines` text NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `table_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "kitchen_tickets_step_known" CHECK("kitchen_tickets"."step" IN ('new', 'preparing', 'ready', 'served'))
);
--> statement-breakpoint
CREATE INDEX `kitchen_tickets_board_idx` ON `kitchen_tickets` (`restaurant_id`,`step`,`created_at`);--> statement-breakpoint
CREATE INDEX `kitchen_tickets_session_idx` ON `kitchen_tickets` (`session_id`);