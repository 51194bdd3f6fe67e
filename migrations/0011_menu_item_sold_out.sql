-- "Agotado": staff mark a menu item sold out for now; diners see it and no order can include it.
ALTER TABLE `menu_items` ADD `sold_out` integer DEFAULT false NOT NULL;
