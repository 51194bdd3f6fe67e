CREATE TABLE `drawer_counts` (
	`restaurant_id` text NOT NULL,
	`business_day` text NOT NULL,
	`float_cents` integer DEFAULT 0 NOT NULL,
	`float_by` text,
	`float_by_id` text,
	`float_at` integer,
	`counted_cents` integer,
	`denominations` text,
	`counted_by` text,
	`counted_by_id` text,
	`counted_at` integer,
	`note` text,
	PRIMARY KEY(`restaurant_id`, `business_day`),
	CONSTRAINT "drawer_counts_float" CHECK("drawer_counts"."float_cents" >= 0),
	CONSTRAINT "drawer_counts_counted" CHECK("drawer_counts"."counted_cents" IS NULL OR "drawer_counts"."counted_cents" >= 0)
);
