-- An order keeps the lines it added as the bill's records (cents, a time in ms), not as the API said them (pesos, ISO text):
-- a retried order is answered from them, and the Worker makes the API's shape. Who entered a line comes from the line, or
-- else from the order's sender; the session is the bill's.
UPDATE `orders` SET `items` = (
  SELECT json_group_array(json(`line`)) FROM (
    SELECT json_object(
      'id', json_extract(`item`.`value`, '$.id'),
      'tableId', json_extract(`item`.`value`, '$.tableId'),
      'sessionId', (SELECT `session_id` FROM `bill` WHERE `id` = 1),
      'menuItemId', json_extract(`item`.`value`, '$.menuItemId'),
      'name', json_extract(`item`.`value`, '$.name'),
      'description', json_extract(`item`.`value`, '$.description'),
      'nameEn', json_extract(`item`.`value`, '$.nameEn'),
      'descriptionEn', json_extract(`item`.`value`, '$.descriptionEn'),
      'category', json_extract(`item`.`value`, '$.category'),
      'priceCents', CAST(round(json_extract(`item`.`value`, '$.price') * 100) AS INTEGER),
      'quantity', json_extract(`item`.`value`, '$.quantity'),
      'paidQuantity', json_extract(`item`.`value`, '$.paidQuantity'),
      'customerName', json_extract(`item`.`value`, '$.customerName'),
      'paidBy', json_extract(`item`.`value`, '$.paidBy'),
      'createdAt', CAST(round((julianday(json_extract(`item`.`value`, '$.createdAt')) - 2440587.5) * 86400000) AS INTEGER),
      'comped', json(CASE WHEN json_extract(`item`.`value`, '$.comped') THEN 'true' ELSE 'false' END),
      'note', json_extract(`item`.`value`, '$.note'),
      'addedBy', coalesce(
        (SELECT `added_by` FROM `lines` WHERE `lines`.`id` = json_extract(`item`.`value`, '$.id')),
        `orders`.`sent_by`
      ),
      'addedById', coalesce(
        (SELECT `added_by_id` FROM `lines` WHERE `lines`.`id` = json_extract(`item`.`value`, '$.id')),
        `orders`.`sent_by_id`
      ),
      'orderId', `orders`.`id`
    ) AS `line`
    FROM json_each(`orders`.`items`) AS `item`
    ORDER BY `item`.`key`
  )
)
WHERE json_extract(`items`, '$[0].price') IS NOT NULL;
