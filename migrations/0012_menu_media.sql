-- Dish photos, allergen tags and English names (issue 20, point 8). Categories and items get an optional English
-- name and description; items get their tags (comma-separated ids, '' for none) and their photo: the id its resized
-- WebP files are kept under in the MENU_PHOTOS bucket, and those files' pixel sizes as JSON.
ALTER TABLE `categories` ADD `name_en` text;--> statement-breakpoint
ALTER TABLE `categories` ADD `description_en` text;--> statement-breakpoint
ALTER TABLE `menu_items` ADD `name_en` text;--> statement-breakpoint
ALTER TABLE `menu_items` ADD `description_en` text;--> statement-breakpoint
ALTER TABLE `menu_items` ADD `tags` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `menu_items` ADD `photo_id` text;--> statement-breakpoint
ALTER TABLE `menu_items` ADD `photo_sizes` text;