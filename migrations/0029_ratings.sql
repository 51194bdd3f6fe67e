CREATE TABLE `ratings` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`session_id` text NOT NULL,
	`table_id` text NOT NULL,
	`stars` integer NOT NULL,
	`comment` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ratings_stars_range" CHECK("ratings"."stars" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX `ratings_restaurant_idx` ON `ratings` (`restaurant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ratings_session_idx` ON `ratings` (`session_id`);