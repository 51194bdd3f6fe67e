import { z } from './zod'
import { MAX_CENTS, parsePesosInput } from '../money'
import { DISH_TAGS, normalizeTags, tagConflict, type DishTag } from '../allergens'
import { checkbox, idString } from './fields'

/** Menu kinds; the management dialog offers them all. */
export const MENU_TYPES = ['regular', 'breakfast', 'lunch', 'dinner', 'drinks', 'coffee'] as const

// Messages are translation keys: Spanish by default (the sidebar builder's words), English for the builder screens.
const name = (key: string) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(80, { error: 'admin.errors.tooLong' })
const description = z
  .string({ error: 'admin.errors.tooLong' })
  .trim()
  .max(500, { error: 'admin.errors.tooLong' })
  .nullish()
  .transform((value) => value || null)

/** An optional English version of a name: empty means none, and the diner sees the Spanish. */
const nameEn = z
  .string({ error: 'admin.errors.tooLong' })
  .trim()
  .max(80, { error: 'admin.errors.tooLong' })
  .nullish()
  .transform((value) => value || null)

/**
 * A dish's tags from the fixed list (app/domain/allergens.ts): a JSON array of
 * ids, or a form's checkboxes (none, one value or several). Unknown ids and a
 * vegan or vegetarian dish that contains an animal allergen are refused.
 */
const dishTags = z
  .union([z.array(z.string(), { error: 'admin.menu.errors.allergen' }), z.string()], {
    error: 'admin.menu.errors.allergen',
  })
  .optional()
  .transform((value, ctx): DishTag[] => {
    const given = value === undefined ? [] : typeof value === 'string' ? [value] : value
    const known = given.filter((tag): tag is DishTag => DISH_TAGS.includes(tag as DishTag))
    if (known.length !== given.length) {
      ctx.addIssue({ code: 'custom', message: 'admin.menu.errors.allergen' })
      return z.NEVER
    }
    const conflict = tagConflict(known)
    if (conflict) {
      ctx.addIssue({ code: 'custom', message: `admin.menu.errors.${conflict.label}Conflict` })
      return z.NEVER
    }
    return normalizeTags(known)
  })

/**
 * A menu-side price: integer cents from the API (docs/api.md, Menus), or the
 * pesos a person typed in a form ("85.50", "$85"). Forms send text, so any
 * string is read as pesos: "3550" is $3,550.00.
 */
const cents = ({ min, key }: { min: 0 | 1; key: string }) =>
  z.union([z.number(), z.string().trim()], { error: key }).transform((value, ctx) => {
    const amount = typeof value === 'number' ? value : value === '' && min === 0 ? 0 : parsePesosInput(value)
    if (amount === null || !Number.isInteger(amount) || amount < min || amount > MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: key })
      return z.NEVER
    }
    return amount
  })

export const menuSchema = z.object({
  name: name('admin.menu.errors.menuName'),
  description,
  type: z.enum(MENU_TYPES, { error: 'admin.menu.errors.menuType' }).default('regular'),
})

export const categorySchema = z.object({
  name: name('admin.menu.errors.categoryName'),
  description,
  nameEn,
  descriptionEn: description,
  menuId: z
    .string({ error: 'admin.menu.errors.chooseMenu' })
    .trim()
    .min(1, { error: 'admin.menu.errors.chooseMenu' })
    .pipe(idString('menuId')),
})

/**
 * The modifier groups a dish offers, from the dish form's check boxes. The
 * form always sends one empty value, so nothing ticked means none; left out
 * (the API's dish payload), the dish keeps the groups it has.
 */
export const modifierGroupIds = z
  .union([z.array(z.string()), z.string()], { error: 'admin.menu.errors.chooseGroup' })
  .optional()
  .transform((value) => (value === undefined ? undefined : [value].flat().filter(Boolean)))
  .pipe(z.array(idString('modifierGroupIds')).max(50).optional())

export const menuItemSchema = z.object({
  name: name('admin.menu.errors.itemName'),
  description,
  price: cents({ min: 1, key: 'admin.menu.errors.price' }),
  categoryId: z
    .string({ error: 'admin.menu.errors.chooseCategory' })
    .trim()
    .min(1, { error: 'admin.menu.errors.chooseCategory' })
    .pipe(idString('categoryId')),
  nameEn,
  descriptionEn: description,
  tags: dishTags,
  /** "Agotado"; left out, an edit keeps it as it was. */
  soldOut: z.boolean({ error: 'admin.menu.errors.soldOut' }).optional(),
  modifierGroupIds,
})

/** The kitchen's quick switch: the item, and whether it is now sold out ('on') or offered again (absent). */
export const menuItemAvailabilitySchema = z.object({
  id: idString('id'),
  soldOut: checkbox,
})

/**
 * A restaurant's modifier group. Given a dish (`menuItemId`, as the API's
 * per-dish create sends), the new group is offered on it at once.
 */
export const modifierGroupSchema = z.object({
  name: name('admin.menu.errors.groupName'),
  nameEn,
  description,
  required: checkbox,
  multipleSelect: checkbox,
  menuItemId: idString('menuItemId').optional(),
})

export const modifierOptionSchema = z.object({
  name: name('admin.menu.errors.optionName'),
  nameEn,
  description,
  priceAdjustment: cents({ min: 0, key: 'admin.menu.errors.adjustment' }).default(0),
  isDefault: checkbox,
  /** "Agotado" for this option only: the dish is still ordered with another. */
  soldOut: checkbox,
  modifierGroupId: z
    .string({ error: 'admin.menu.errors.chooseGroup' })
    .trim()
    .min(1, { error: 'admin.menu.errors.chooseGroup' })
    .pipe(idString('modifierGroupId')),
})

/** A group's words and rules changed in place; which dishes offer it is the dishes' forms' to say. */
export const modifierGroupUpdateSchema = modifierGroupSchema.omit({ menuItemId: true }).extend({ id: idString('id') })

/** An option changed in place (its group stays). */
export const modifierOptionUpdateSchema = modifierOptionSchema
  .omit({ modifierGroupId: true })
  .extend({ id: idString('id') })

/** A move in a list the staff orders by hand: one step up or down (the buttons), or to a place (a drag). */
export const moveSchema = z.object({
  id: idString('id'),
  to: z.union([z.enum(['up', 'down']), z.coerce.number().int().min(0)], { error: 'admin.menu.errors.move' }),
})

export type MenuInput = z.output<typeof menuSchema>
export type CategoryInput = z.output<typeof categorySchema>
export type MenuItemInput = z.output<typeof menuItemSchema>
export type ModifierGroupInput = z.output<typeof modifierGroupSchema>
export type ModifierOptionInput = z.output<typeof modifierOptionSchema>

/** PDF menus: what the upload accepts, only application/pdf and at most 10 MB. */
export const PDF_MAX_BYTES = 10 * 1024 * 1024
export const PDF_TYPE = 'application/pdf'

/** What the menu screens' forms ask for, in `intent`. */
export const MENU_INTENTS = [
  'menu.create',
  'menu.update',
  'menu.delete',
  'category.create',
  'category.update',
  'category.delete',
  'category.move',
  'item.create',
  'item.update',
  'item.delete',
  'item.availability',
  'item.move',
  'group.create',
  'group.update',
  'group.delete',
  'group.move',
  'option.create',
  'option.update',
  'option.delete',
  'option.move',
  'pdf.upload',
  'pdf.remove',
  'photo.upload',
  'photo.remove',
] as const
export type MenuIntent = (typeof MENU_INTENTS)[number]
