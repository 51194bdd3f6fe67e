-- The bill's table names its restaurant as `restaurantId` (it was `userId`, from when an owner was the restaurant).
UPDATE `bill` SET `table_info` = json_set(json_remove(`table_info`, '$.userId'), '$.restaurantId', json_extract(`table_info`, '$.userId')) WHERE json_extract(`table_info`, '$.userId') IS NOT NULL;
