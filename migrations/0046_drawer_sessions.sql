CREATE TABLE `drawer_session_counts` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`counted_cents` integer NOT NULL,
	`denominations` text,
	`counted_by` text NOT NULL,
	`counted_by_id` text,
	`counted_at` integer NOT NULL,
	`note` text,
	FOREIGN KEY (`session_id`) REFERENCES `drawer_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "drawer_session_counts_counted" CHECK("drawer_session_counts"."counted_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `drawer_session_counts_session_idx` ON `drawer_session_counts` (`session_id`,`counted_at`);--> statement-breakpoint
CREATE TABLE `drawer_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`opened_at` integer NOT NULL,
	`covers_from` integer NOT NULL,
	`float_cents` integer DEFAULT 0 NOT NULL,
	`float_by` text,
	`float_by_id` text,
	`float_at` integer,
	`closed_at` integer,
	CONSTRAINT "drawer_sessions_float" CHECK("drawer_sessions"."float_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `drawer_sessions_restaurant_idx` ON `drawer_sessions` (`restaurant_id`,`covers_from`);--> statement-breakpoint
CREATE UNIQUE INDEX `drawer_sessions_one_open` ON `drawer_sessions` (`restaurant_id`) WHERE "drawer_sessions"."closed_at" IS NULL;--> statement-breakpoint
-- Each counted day becomes a closed session. It holds the cash from the previous count (the day's 05:00 in Mexico City for a restaurant's first) to its own.
INSERT INTO `drawer_sessions` (`id`, `restaurant_id`, `opened_at`, `covers_from`, `float_cents`, `float_by`, `float_by_id`, `float_at`, `closed_at`)
SELECT 'day-' || `restaurant_id` || '-' || `business_day`, `restaurant_id`,
  coalesce(`float_at`, `counted_at`),
  coalesce(lag(`counted_at`) OVER (PARTITION BY `restaurant_id` ORDER BY `counted_at`), unixepoch(`business_day` || ' 11:00:00') * 1000),
  `float_cents`, `float_by`, `float_by_id`, `float_at`, `counted_at`
FROM `drawer_counts` WHERE `counted_at` IS NOT NULL;
--> statement-breakpoint
INSERT INTO `drawer_session_counts` (`id`, `session_id`, `counted_cents`, `denominations`, `counted_by`, `counted_by_id`, `counted_at`, `note`)
SELECT 'day-' || `restaurant_id` || '-' || `business_day`, 'day-' || `restaurant_id` || '-' || `business_day`,
  `counted_cents`, `denominations`, coalesce(`counted_by`, ''), `counted_by_id`, `counted_at`, `note`
FROM `drawer_counts` WHERE `counted_at` IS NOT NULL;
--> statement-breakpoint
-- A restaurant's latest day, when its fondo was set and it was not counted after its last count, is its open session.
-- Earlier days with a fondo and no count held no count to compare: their cash goes into the next count's session.
INSERT INTO `drawer_sessions` (`id`, `restaurant_id`, `opened_at`, `covers_from`, `float_cents`, `float_by`, `float_by_id`, `float_at`, `closed_at`)
SELECT 'day-' || `restaurant_id` || '-' || `business_day`, `restaurant_id`,
  coalesce(`float_at`, unixepoch(`business_day` || ' 11:00:00') * 1000),
  coalesce((SELECT max(`counted_at`) FROM `drawer_counts` AS `counted` WHERE `counted`.`restaurant_id` = `day`.`restaurant_id`), unixepoch(`business_day` || ' 11:00:00') * 1000),
  `float_cents`, `float_by`, `float_by_id`, `float_at`, NULL
FROM `drawer_counts` AS `day`
WHERE `counted_at` IS NULL
  AND `business_day` = (SELECT max(`business_day`) FROM `drawer_counts` AS `latest` WHERE `latest`.`restaurant_id` = `day`.`restaurant_id`);
