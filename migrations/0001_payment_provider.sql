ALTER TABLE `payments` ADD `provider` text DEFAULT 'simulated' NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `provider_reference` text;