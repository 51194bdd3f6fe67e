-- A modifier group becomes the restaurant's, offered on any of its dishes (issue 33, item 10): "Salsa" is written
-- once and every taco offers it. Written by hand, not as drizzle-kit's rebuild: D1 keeps foreign keys on during a
-- migration, so dropping `modifier_groups` while `modifier_options` points at it would cascade into every option.
-- The new tables are filled first and point at each other; the old ones are dropped child first, then renamed over.
-- Groups a restaurant wrote the same way on several dishes (same name, rules and options, prices included) become
-- one, the earliest; every dish keeps offering it. Any other group keeps its id, so do its options: no price moves.
CREATE TABLE `__new_modifier_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`name` text NOT NULL,
	`name_en` text,
	`description` text,
	`required` integer DEFAULT false NOT NULL,
	`multiple_select` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `menu_item_modifier_groups` (
	`menu_item_id` text NOT NULL,
	`modifier_group_id` text NOT NULL,
	PRIMARY KEY(`menu_item_id`, `modifier_group_id`),
	FOREIGN KEY (`menu_item_id`) REFERENCES `menu_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`modifier_group_id`) REFERENCES `__new_modifier_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `__new_modifier_options` (
	`id` text PRIMARY KEY NOT NULL,
	`modifier_group_id` text NOT NULL,
	`name` text NOT NULL,
	`name_en` text,
	`description` text,
	`price_adjustment_cents` integer DEFAULT 0 NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`sold_out` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`modifier_group_id`) REFERENCES `__new_modifier_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "modifier_options_price_non_negative" CHECK("__new_modifier_options"."price_adjustment_cents" >= 0)
);
--> statement-breakpoint
-- Each old group with its restaurant and the group it becomes (`keeper`): the earliest written the same way.
CREATE VIEW `__modifier_group_keepers` AS
	WITH `signed` AS (
		SELECT g.`id`, g.`menu_item_id`, g.`created_at`, m.`restaurant_id`,
			g.`name` || char(31) || ifnull(g.`description`, '') || char(31) || g.`required` || g.`multiple_select` || char(31) ||
			ifnull((SELECT group_concat(`each`, char(30)) FROM (
				SELECT o.`name` || char(31) || ifnull(o.`description`, '') || char(31) || o.`price_adjustment_cents` || char(31) || o.`is_default` AS `each`
				FROM `modifier_options` o WHERE o.`modifier_group_id` = g.`id` ORDER BY o.`created_at`, o.`id`
			)), '') AS `signature`
		FROM `modifier_groups` g
		JOIN `menu_items` i ON i.`id` = g.`menu_item_id`
		JOIN `categories` c ON c.`id` = i.`category_id`
		JOIN `menus` m ON m.`id` = c.`menu_id`
	)
	SELECT `id`, `menu_item_id`, `restaurant_id`, `created_at`,
		first_value(`id`) OVER (PARTITION BY `restaurant_id`, `signature` ORDER BY `created_at`, `id`) AS `keeper`
	FROM `signed`;
--> statement-breakpoint
INSERT INTO `__new_modifier_groups` (`id`, `restaurant_id`, `name`, `description`, `required`, `multiple_select`, `position`, `created_at`)
	SELECT g.`id`, k.`restaurant_id`, g.`name`, g.`description`, g.`required`, g.`multiple_select`,
		row_number() OVER (PARTITION BY k.`restaurant_id` ORDER BY g.`created_at`, g.`id`) - 1, g.`created_at`
	FROM `modifier_groups` g JOIN `__modifier_group_keepers` k ON k.`id` = g.`id` AND k.`keeper` = g.`id`;
--> statement-breakpoint
INSERT OR IGNORE INTO `menu_item_modifier_groups` (`menu_item_id`, `modifier_group_id`)
	SELECT `menu_item_id`, `keeper` FROM `__modifier_group_keepers`;
--> statement-breakpoint
INSERT INTO `__new_modifier_options` (`id`, `modifier_group_id`, `name`, `description`, `price_adjustment_cents`, `is_default`, `position`, `created_at`)
	SELECT o.`id`, o.`modifier_group_id`, o.`name`, o.`description`, o.`price_adjustment_cents`, o.`is_default`,
		row_number() OVER (PARTITION BY o.`modifier_group_id` ORDER BY o.`created_at`, o.`id`) - 1, o.`created_at`
	FROM `modifier_options` o WHERE o.`modifier_group_id` IN (SELECT `id` FROM `__new_modifier_groups`);
--> statement-breakpoint
DROP VIEW `__modifier_group_keepers`;--> statement-breakpoint
DROP TABLE `modifier_options`;--> statement-breakpoint
DROP TABLE `modifier_groups`;--> statement-breakpoint
ALTER TABLE `__new_modifier_groups` RENAME TO `modifier_groups`;--> statement-breakpoint
ALTER TABLE `__new_modifier_options` RENAME TO `modifier_options`;--> statement-breakpoint
CREATE INDEX `modifier_groups_restaurant_idx` ON `modifier_groups` (`restaurant_id`);--> statement-breakpoint
CREATE INDEX `menu_item_modifier_groups_group_idx` ON `menu_item_modifier_groups` (`modifier_group_id`);--> statement-breakpoint
CREATE INDEX `modifier_options_group_idx` ON `modifier_options` (`modifier_group_id`);
