import { hashPassword } from '../app/server/auth/password.server'
import { newToken } from '../app/server/crypto.server'
import {
  DEMO_OWNER_EMAIL,
  DEMO_OWNER_ID,
  DEMO_OWNER_PASSWORD,
  DEMO_SESSION_ID,
  DEMO_TABLE_CODE,
  DEMO_TABLE_ID,
  demoMenu,
  demoModifierGroups,
  demoRestaurant,
  demoTable,
} from '../app/server/demo/demo-data.server'

const quote = (value: string | number | boolean | null) =>
  value === null ? 'NULL' : typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(Number(value))

function upsert(table: string, row: Record<string, string | number | boolean | null>): string {
  const columns = Object.keys(row)
  const updates = columns.filter((column) => column !== 'id').map((column) => `${column} = excluded.${column}`)
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((column) => quote(row[column] ?? null)).join(', ')}) ON CONFLICT(id) DO UPDATE SET ${updates.join(', ')};`
}

/**
 * The demo owner's password for a seed: the README's for the local database,
 * a fresh random one for a database on the internet (printed once by the seed).
 */
export const ownerPasswordFor = (target: 'local' | 'remote') => (target === 'remote' ? newToken() : DEMO_OWNER_PASSWORD)

/**
 * The demo restaurant as SQL, one statement per line; fixed ids and upserts
 * make it safe to run again. Its owner signs in with `ownerPassword`: the
 * README's known one locally, a random one for a database on the internet.
 */
export async function seedSql(ownerPassword = DEMO_OWNER_PASSWORD): Promise<string> {
  const password = await hashPassword(ownerPassword)
  const now = Date.now()
  const statements = [
    // The demo restaurant and its owner share an id, as every restaurant made before restaurants were their own record does.
    upsert('restaurants', {
      id: DEMO_OWNER_ID,
      restaurant_name: demoRestaurant.restaurantName,
      restaurant_type: demoRestaurant.restaurantType,
      restaurant_cuisine: demoRestaurant.restaurantCuisine,
      restaurant_address: demoRestaurant.restaurantAddress,
      restaurant_phone: demoRestaurant.restaurantPhone,
      restaurant_email: demoRestaurant.restaurantEmail,
      created_at: now,
    }),
    upsert('users', {
      id: DEMO_OWNER_ID,
      email: DEMO_OWNER_EMAIL,
      password_hash: password.hash,
      password_salt: password.salt,
      password_algorithm: password.algorithm,
      password_iterations: password.iterations,
      name: demoRestaurant.ownerName,
      last_restaurant_id: DEMO_OWNER_ID,
      created_at: now,
    }),
    `INSERT INTO memberships (id, restaurant_id, user_id, role, created_at) VALUES (${quote(DEMO_OWNER_ID)}, ${quote(DEMO_OWNER_ID)}, ${quote(DEMO_OWNER_ID)}, 'owner', ${now}) ON CONFLICT(id) DO UPDATE SET role = 'owner';`,
    // A new password ends the demo owner's old sessions.
    `DELETE FROM auth_sessions WHERE user_id = ${quote(DEMO_OWNER_ID)};`,
    upsert('tables', {
      id: DEMO_TABLE_ID,
      restaurant_id: DEMO_OWNER_ID,
      table_number: demoTable.tableNumber,
      table_name: demoTable.tableName,
      capacity: demoTable.capacity,
      is_active: 1,
      session_id: DEMO_SESSION_ID,
      // Fixed, so the docs can name it: MESA-DEM7.
      short_code: DEMO_TABLE_CODE,
      created_at: now,
    }),
    // The bill itself is laid by the TableSession object the first time the table is opened.
    `INSERT INTO table_sessions (id, table_id, opened_at) VALUES (${quote(DEMO_SESSION_ID)}, ${quote(DEMO_TABLE_ID)}, ${now}) ON CONFLICT(id) DO NOTHING;`,
    upsert('menus', {
      id: demoMenu.id,
      restaurant_id: DEMO_OWNER_ID,
      name: demoMenu.name,
      description: demoMenu.description,
      type: demoMenu.type,
      created_at: now,
    }),
  ]
  demoMenu.categories.forEach((category, categoryIndex) => {
    statements.push(
      upsert('categories', {
        id: category.id,
        menu_id: demoMenu.id,
        name: category.name,
        name_en: category.nameEn,
        position: categoryIndex,
        created_at: now,
      }),
    )
    category.items.forEach((item, itemIndex) => {
      statements.push(
        upsert('menu_items', {
          id: item.id,
          category_id: category.id,
          name: item.name,
          description: item.description,
          name_en: item.nameEn,
          description_en: item.descriptionEn,
          price_cents: item.priceCents,
          position: itemIndex,
          created_at: now,
        }),
      )
    })
  })
  demoModifierGroups.forEach((group, groupIndex) => {
    statements.push(
      upsert('modifier_groups', {
        id: group.id,
        restaurant_id: DEMO_OWNER_ID,
        name: group.name,
        name_en: group.nameEn,
        required: group.required ? 1 : 0,
        multiple_select: group.multipleSelect ? 1 : 0,
        position: groupIndex,
        created_at: now,
      }),
      ...group.menuItemIds.map(
        (itemId) =>
          `INSERT OR IGNORE INTO menu_item_modifier_groups (menu_item_id, modifier_group_id) VALUES (${quote(itemId)}, ${quote(group.id)});`,
      ),
    )
    group.options.forEach((option, optionIndex) => {
      statements.push(
        upsert('modifier_options', {
          id: option.id,
          modifier_group_id: group.id,
          name: option.name,
          name_en: option.nameEn,
          price_adjustment_cents: option.priceAdjustmentCents,
          is_default: option.isDefault ? 1 : 0,
          position: optionIndex,
          created_at: now,
        }),
      )
    })
  })
  return statements.join('\n') + '\n'
}
