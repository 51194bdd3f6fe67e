ALTER TABLE `bill_items` ADD `name_en` text;--> statement-breakpoint
ALTER TABLE `bill_items` ADD `description_en` text;