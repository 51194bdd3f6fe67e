-- The restaurant becomes its own record and people join it with a role (issue "A restaurant with its team").
-- Written by hand, not as drizzle-kit's rebuilds: D1 keeps foreign keys on during a migration, so dropping `tables`
-- or `menus` to rebuild them would cascade into every bill, payment and dish. Instead the old `users` table, whose
-- rows were restaurants with their owner's login, is renamed to `restaurants` (SQLite repoints `tables` and `menus`
-- at it), keeps each restaurant's id, and hands its logins to a new `users` table under the same ids; every owner
-- becomes their restaurant's first member. Nothing paid, archived or linked changes: the ids stay what they were.
DROP INDEX `users_email_unique`;--> statement-breakpoint
DROP INDEX `users_stripe_account_unique`;--> statement-breakpoint
ALTER TABLE `users` RENAME TO `restaurants`;--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`password_salt` text NOT NULL,
	`password_algorithm` text DEFAULT 'pbkdf2-sha256' NOT NULL,
	`password_iterations` integer NOT NULL,
	`name` text,
	`last_restaurant_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`last_restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `users` (`id`, `email`, `password_hash`, `password_salt`, `password_algorithm`, `password_iterations`, `name`, `last_restaurant_id`, `created_at`)
	SELECT `id`, `email`, `password_hash`, `password_salt`, `password_algorithm`, `password_iterations`, `owner_name`, `id`, `created_at` FROM `restaurants`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
ALTER TABLE `restaurants` DROP COLUMN `email`;--> statement-breakpoint
ALTER TABLE `restaurants` DROP COLUMN `password_hash`;--> statement-breakpoint
ALTER TABLE `restaurants` DROP COLUMN `password_salt`;--> statement-breakpoint
ALTER TABLE `restaurants` DROP COLUMN `password_algorithm`;--> statement-breakpoint
ALTER TABLE `restaurants` DROP COLUMN `password_iterations`;--> statement-breakpoint
ALTER TABLE `restaurants` DROP COLUMN `owner_name`;--> statement-breakpoint
ALTER TABLE `restaurants` ADD `rfc` text;--> statement-breakpoint
ALTER TABLE `restaurants` ADD `legal_name` text;--> statement-breakpoint
ALTER TABLE `restaurants` ADD `tax_regime` text;--> statement-breakpoint
ALTER TABLE `restaurants` ADD `fiscal_postal_code` text;--> statement-breakpoint
CREATE UNIQUE INDEX `restaurants_stripe_account_unique` ON `restaurants` (`stripe_account_id`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `memberships` (`id`, `restaurant_id`, `user_id`, `role`, `created_at`)
	SELECT lower(hex(randomblob(16))), `id`, `id`, 'owner', `created_at` FROM `restaurants`;--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_restaurant_user_unique` ON `memberships` (`restaurant_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `memberships_user_idx` ON `memberships` (`user_id`);--> statement-breakpoint
CREATE TABLE `__new_auth_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`restaurant_id` text,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_auth_sessions` (`id`, `user_id`, `restaurant_id`, `expires_at`, `created_at`)
	SELECT `id`, `user_id`, `user_id`, `expires_at`, `created_at` FROM `auth_sessions`;--> statement-breakpoint
DROP TABLE `auth_sessions`;--> statement-breakpoint
ALTER TABLE `__new_auth_sessions` RENAME TO `auth_sessions`;--> statement-breakpoint
CREATE INDEX `auth_sessions_user_idx` ON `auth_sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `__new_password_resets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_password_resets` SELECT `id`, `user_id`, `expires_at`, `used_at`, `created_at` FROM `password_resets`;--> statement-breakpoint
DROP TABLE `password_resets`;--> statement-breakpoint
ALTER TABLE `__new_password_resets` RENAME TO `password_resets`;--> statement-breakpoint
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`);--> statement-breakpoint
ALTER TABLE `tables` RENAME COLUMN `user_id` TO `restaurant_id`;--> statement-breakpoint
DROP INDEX `tables_user_number_unique`;--> statement-breakpoint
DROP INDEX `tables_user_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `tables_restaurant_number_unique` ON `tables` (`restaurant_id`,`table_number`) WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX `tables_restaurant_idx` ON `tables` (`restaurant_id`);--> statement-breakpoint
ALTER TABLE `menus` RENAME COLUMN `user_id` TO `restaurant_id`;--> statement-breakpoint
DROP INDEX `menus_user_idx`;--> statement-breakpoint
CREATE INDEX `menus_restaurant_idx` ON `menus` (`restaurant_id`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`invited_by` text,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `invitations_restaurant_idx` ON `invitations` (`restaurant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `change_log` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`user_id` text,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`subject` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `change_log_restaurant_idx` ON `change_log` (`restaurant_id`,`created_at`);
