ALTER TABLE `restaurants` ADD `setup_dismissed_at` integer;--> statement-breakpoint
-- A restaurant already paid at one of its tables is past its first hour: its owners are not shown the setup checklist.
UPDATE `restaurants` SET `setup_dismissed_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER)
WHERE EXISTS (
  SELECT 1 FROM `payments` JOIN `tables` ON `tables`.`id` = `payments`.`table_id`
  WHERE `tables`.`restaurant_id` = `restaurants`.`id`
);
