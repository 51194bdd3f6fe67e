-- Every staff action is signed (issue "A restaurant with its team", part 5): beside each name a bill's record keeps of
-- who did it, the member's id. Only columns are added: the names typed on older records stay as they were, their ids null.
ALTER TABLE `bill_adjustments` ADD `staff_id` text;--> statement-breakpoint
ALTER TABLE `bill_items` ADD `added_by_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `recorded_by_id` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `staff_id` text;--> statement-breakpoint
ALTER TABLE `table_sessions` ADD `closed_by_id` text;