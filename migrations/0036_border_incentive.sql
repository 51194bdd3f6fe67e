ALTER TABLE `restaurants` ADD `border_incentive` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- A restaurant already charging 8 % was using the border's incentive: it keeps its rate.
UPDATE `restaurants` SET `border_incentive` = 1 WHERE `tax_rate_bps` = 800;
