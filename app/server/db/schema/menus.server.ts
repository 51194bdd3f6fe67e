import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { type PhotoSize } from '../../../domain/menu-photos'
import { MENU_TYPES } from '../../../domain/schemas/menus'
import { createdAt } from './columns.server'
import { restaurants } from './accounts.server'

export const menus = sqliteTable(
  'menus',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type', { enum: MENU_TYPES }).notNull().default('regular'),
    pdfKey: text('pdf_key'),
    pdfName: text('pdf_name'),
    createdAt: createdAt(),
  },
  (t) => [index('menus_restaurant_idx').on(t.restaurantId)],
)

export const categories = sqliteTable(
  'categories',
  {
    id: text('id').primaryKey(),
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    // What English-speaking diners read where staff wrote it; the Spanish otherwise.
    nameEn: text('name_en'),
    descriptionEn: text('description_en'),
  },
  (t) => [index('categories_menu_idx').on(t.menuId)],
)

export const menuItems = sqliteTable(
  'menu_items',
  {
    id: text('id').primaryKey(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    priceCents: integer('price_cents').notNull(),
    position: integer('position').notNull().default(0),
    /** "Agotado": staff took it off for now; diners see it and cannot order it. */
    soldOut: integer('sold_out', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    nameEn: text('name_en'),
    descriptionEn: text('description_en'),
    // Allergen and dietary tag ids, comma-separated in the list's order (app/domain/allergens.ts); '' for none.
    tags: text('tags').notNull().default(''),
    // The photo's id (its objects in MENU_PHOTOS are `{photoId}/{width}.webp`) and the kept sizes, smallest first.
    photoId: text('photo_id'),
    photoSizes: text('photo_sizes', { mode: 'json' }).$type<PhotoSize[]>(),
  },
  (t) => [
    index('menu_items_category_idx').on(t.categoryId),
    check('menu_items_price_positive', sql`${t.priceCents} > 0`),
  ],
)

/**
 * A restaurant's modifier group ("Salsa", "Extras"), defined once and offered on
 * any of its dishes through menu_item_modifier_groups, so one change reaches every
 * dish that uses it.
 */
export const modifierGroups = sqliteTable(
  'modifier_groups',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    description: text('description'),
    required: integer('required', { mode: 'boolean' }).notNull().default(false),
    multipleSelect: integer('multiple_select', { mode: 'boolean' }).notNull().default(false),
    // The order a dish shows its groups in: the restaurant's one order, so "Salsa" comes first on every taco.
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('modifier_groups_restaurant_idx').on(t.restaurantId)],
)

/** Which dishes offer which of the restaurant's modifier groups. */
export const menuItemModifierGroups = sqliteTable(
  'menu_item_modifier_groups',
  {
    menuItemId: text('menu_item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    modifierGroupId: text('modifier_group_id')
      .notNull()
      .references(() => modifierGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.menuItemId, t.modifierGroupId] }),
    index('menu_item_modifier_groups_group_idx').on(t.modifierGroupId),
  ],
)

export const modifierOptions = sqliteTable(
  'modifier_options',
  {
    id: text('id').primaryKey(),
    modifierGroupId: text('modifier_group_id')
      .notNull()
      .references(() => modifierGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    description: text('description'),
    priceAdjustmentCents: integer('price_adjustment_cents').notNull().default(0),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    /** Offered but not orderable for now, as a dish's own "Agotado". */
    soldOut: integer('sold_out', { mode: 'boolean' }).notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('modifier_options_group_idx').on(t.modifierGroupId),
    check('modifier_options_price_non_negative', sql`${t.priceAdjustmentCents} >= 0`),
  ],
)
