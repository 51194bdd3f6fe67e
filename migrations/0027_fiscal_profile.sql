CREATE TABLE `restaurant_secrets` (
	`restaurant_id` text NOT NULL,
	`name` text NOT NULL,
	`sealed` text NOT NULL,
	`hint` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`restaurant_id`, `name`),
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `restaurants` ADD `invoice_periodicity` text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE `restaurants` ADD `google_review_url` text;