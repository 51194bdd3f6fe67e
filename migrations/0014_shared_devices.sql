-- A restaurant's shared devices (issue "A restaurant with its team", point 6): a session can be a device's, acting as the member
-- who entered their PIN until it idles; each member's PIN is hashed on their membership.
ALTER TABLE `auth_sessions` ADD `device` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `auth_sessions` ADD `acting_user_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `auth_sessions` ADD `acting_until` integer;--> statement-breakpoint
ALTER TABLE `memberships` ADD `pin_hash` text;--> statement-breakpoint
ALTER TABLE `memberships` ADD `pin_salt` text;--> statement-breakpoint
ALTER TABLE `memberships` ADD `pin_iterations` integer;