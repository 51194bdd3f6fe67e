-- A factura global recorded twice (two submits at once) keeps its first row: the receipts that named the other name it.
UPDATE `receipts` SET `global_invoice_id` = (
  SELECT `first`.`id` FROM `global_invoices` AS `first`
  JOIN `global_invoices` AS `named` ON `named`.`id` = `receipts`.`global_invoice_id`
  WHERE `first`.`restaurant_id` = `named`.`restaurant_id` AND `first`.`facturapi_invoice_id` = `named`.`facturapi_invoice_id`
  ORDER BY `first`.`rowid` LIMIT 1
) WHERE `global_invoice_id` IS NOT NULL;--> statement-breakpoint
DELETE FROM `global_invoices` WHERE `rowid` NOT IN (
  SELECT min(`rowid`) FROM `global_invoices` GROUP BY `restaurant_id`, `facturapi_invoice_id`
);--> statement-breakpoint
CREATE UNIQUE INDEX `global_invoices_facturapi_unique` ON `global_invoices` (`restaurant_id`,`facturapi_invoice_id`);
