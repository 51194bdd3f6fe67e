ALTER TABLE `adjustments` ADD `staff_id` text;--> statement-breakpoint
ALTER TABLE `lines` ADD `added_by_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `recorded_by_id` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `staff_id` text;