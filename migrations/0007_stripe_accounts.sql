-- Each restaurant takes payments into its own Stripe account (Connect, direct charges); until the account can take charges its tables offer nothing (the default) or the labelled demo, as the owner chooses.
-- provider_events remembers which webhook events were handled, so an event delivered twice has one effect.
CREATE TABLE `provider_events` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `users` ADD `stripe_account_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `stripe_charges_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `stripe_details_submitted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `unconnected_payments` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `users_stripe_account_unique` ON `users` (`stripe_account_id`);