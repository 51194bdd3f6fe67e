CREATE TABLE `disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`due_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `table_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `disputes_session_idx` ON `disputes` (`session_id`);--> statement-breakpoint
CREATE INDEX `disputes_created_idx` ON `disputes` (`created_at`);