ALTER TABLE `fiscal_documents` ADD `cancellation_status` text;--> statement-breakpoint
ALTER TABLE `fiscal_documents` ADD `cancellation_motive` text;