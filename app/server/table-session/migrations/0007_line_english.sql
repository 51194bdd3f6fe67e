ALTER TABLE `lines` ADD `name_en` text;--> statement-breakpoint
ALTER TABLE `lines` ADD `description_en` text;