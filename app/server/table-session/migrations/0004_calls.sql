CREATE TABLE `activity` (
	`id` integer PRIMARY KEY NOT NULL,
	`last_at` integer NOT NULL,
	`walkout_alerted_at` integer,
	CONSTRAINT "activity_one_row" CHECK("activity"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `calls` (
	`id` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	`answered_at` integer,
	`answered_by` text
);
