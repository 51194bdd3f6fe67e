import { statusOf } from '../http/errors.server'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs } from '@remix-run/cloudflare'
import { z } from '~/domain/schemas/zod'
import {
  categorySchema,
  menuItemAvailabilitySchema,
  menuItemSchema,
  menuSchema,
  modifierGroupSchema,
  modifierGroupUpdateSchema,
  modifierOptionSchema,
  modifierOptionUpdateSchema,
  moveSchema,
  MENU_INTENTS,
  type MenuIntent,
} from '~/domain/schemas/menus'
import { logChange } from '../auth/change-log.server'
import { requireStaffForm, type PageAccess } from '../auth/guard.server'
import { getDb } from '../db/client.server'
import { ApiError } from '../http/api.server'
import { getT } from '../http/i18n.server'
import { deleteMenuPdf, removeMenuPdf, storeMenuPdf } from './menu-pdf.server'
import { deletingPhotos, removeItemPhoto, storeItemPhoto } from './menu-photos.server'
import { createMenuItem, deleteMenuItem, moveMenuItem, setMenuItemSoldOut, updateMenuItem } from './menu-items.server'
import {
  createCategory,
  createMenu,
  deleteCategory,
  deleteMenu,
  moveCategory,
  updateCategory,
  updateMenu,
} from './menu-store.server'
import {
  createModifierGroup,
  createModifierOption,
  deleteModifierGroup,
  deleteModifierOption,
  moveModifierGroup,
  moveModifierOption,
  updateModifierGroup,
  updateModifierOption,
} from './modifier-groups.server'
import { redirectWithToast } from '../http/toast.server'

const TOASTS: Record<MenuIntent, string> = {
  'menu.create': 'admin.menu.management.created',
  'menu.update': 'admin.menu.management.updated',
  'menu.delete': 'admin.menu.management.deleted',
  'category.create': 'admin.menu.builder.categoryCreated',
  'category.update': 'admin.menu.builder.categoryUpdated',
  'category.delete': 'admin.menu.builder.categoryDeleted',
  'category.move': 'admin.menu.builder.moved',
  'item.create': 'admin.menu.builder.itemCreated',
  'item.update': 'admin.menu.builder.itemUpdated',
  'item.delete': 'admin.menu.builder.itemDeleted',
  'item.availability': 'admin.menu.builder.availabilityChanged',
  'item.move': 'admin.menu.builder.moved',
  'group.create': 'admin.menu.builder.groupCreated',
  'group.update': 'admin.menu.builder.groupUpdated',
  'group.delete': 'admin.menu.builder.groupDeleted',
  'group.move': 'admin.menu.builder.moved',
  'option.create': 'admin.menu.builder.optionCreated',
  'option.update': 'admin.menu.builder.optionUpdated',
  'option.delete': 'admin.menu.builder.optionDeleted',
  'option.move': 'admin.menu.builder.moved',
  'pdf.upload': 'admin.menu.pdf.saved',
  'pdf.remove': 'admin.menu.pdf.removed',
  'photo.upload': 'admin.menu.photo.saved',
  'photo.remove': 'admin.menu.photo.removed',
}

/** What a delete or a PDF form sends besides its intent: the record's id, looked up owner-scoped. */
const recordSchema = z.object({ id: z.string() })

/** Where the screen goes after a change: it knows its own URLs; `id` is the record made or changed. */
type NextUrl = (done: { intent: MenuIntent; id: string; form: FormData }) => string

/**
 * The one action behind the menu editor: parses the form with the payload's schema (the same the
 * API uses), writes through the owner-scoped functions, and answers either a
 * redirect with a toast or the form's answer: errors under their fields and
 * what was typed (400), or 404 for another owner's id.
 */
export async function menuAction({ request, context }: ActionFunctionArgs, access: PageAccess, next: NextUrl) {
  const form = await request.formData()
  const principal = await requireStaffForm(context, request, access, form)
  const { restaurant } = principal
  const env = context.cloudflare.env
  const db = getDb(env.DB)
  const intent = MENU_INTENTS.find((name) => name === form.get('intent'))
  // No coercion: a typed "32.50" must reach the price field as text (pesos), not as the number 32.5 (cents).
  const parse = <S extends z.ZodType>(schema: S) => parseWithZod(form, { schema, disableAutoCoercion: true })
  type Parsed = ReturnType<typeof parse>
  const refuse = (
    submission: Parsed,
    options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
    status = 400,
  ) => data(submission.reply(options), { status })
  if (!intent) return refuse(parse(recordSchema), { formErrors: ['admin.errors.formError'] })

  const write = async <S extends z.ZodType>(
    schema: S,
    save: (value: z.output<S>) => Promise<{ id: string } | boolean | null>,
  ) => {
    const submission = parse(schema)
    if (submission.status !== 'success') return refuse(submission, { formErrors: ['admin.menu.common.failed'] })
    const record = await save(submission.value as z.output<S>)
    if (!record) return refuse(submission, { formErrors: ['admin.menu.errors.notFound'] }, 404)
    const id = typeof record === 'object' ? record.id : String(form.get('id') ?? '')
    await logChange(db, principal, intent.startsWith('menu.') ? intent : `menu.${intent}`, id)
    return redirectWithToast(next({ intent, id, form }), { title: TOASTS[intent] })
  }

  switch (intent) {
    case 'menu.create':
      return write(menuSchema, (value) => createMenu(db, restaurant.id, value))
    case 'menu.update':
      return write(menuSchema.extend(recordSchema.shape), ({ id, ...value }) =>
        updateMenu(db, restaurant.id, id, value),
      )
    case 'menu.delete':
      return write(recordSchema, async ({ id }) => {
        const menu = await deletingPhotos(env, db, restaurant.id, { menuId: id }, () =>
          deleteMenu(db, restaurant.id, id),
        )
        if (menu) await deleteMenuPdf(env, menu.pdfKey)
        return menu
      })
    case 'category.create':
      return write(categorySchema, (value) => createCategory(db, restaurant.id, value))
    case 'category.update':
      return write(categorySchema.extend(recordSchema.shape), ({ id, ...value }) =>
        updateCategory(db, restaurant.id, id, value),
      )
    case 'category.delete':
      return write(recordSchema, ({ id }) =>
        deletingPhotos(env, db, restaurant.id, { categoryId: id }, () => deleteCategory(db, restaurant.id, id)),
      )
    case 'category.move':
      return write(moveSchema, ({ id, to }) => moveCategory(db, restaurant.id, id, to))
    case 'item.create':
      return write(menuItemSchema, (value) => createMenuItem(db, restaurant.id, value))
    case 'item.update':
      return write(menuItemSchema.extend(recordSchema.shape), ({ id, ...value }) =>
        updateMenuItem(db, restaurant.id, id, value),
      )
    case 'item.delete':
      return write(recordSchema, ({ id }) =>
        deletingPhotos(env, db, restaurant.id, { itemId: id }, () => deleteMenuItem(db, restaurant.id, id)),
      )
    case 'item.availability':
      return write(menuItemAvailabilitySchema, ({ id, soldOut }) => setMenuItemSoldOut(db, restaurant.id, id, soldOut))
    case 'item.move':
      return write(moveSchema, ({ id, to }) => moveMenuItem(db, restaurant.id, id, to))
    case 'group.create':
      return write(modifierGroupSchema, (value) => createModifierGroup(db, restaurant.id, value))
    case 'group.update':
      return write(modifierGroupUpdateSchema, ({ id, ...value }) => updateModifierGroup(db, restaurant.id, id, value))
    case 'group.delete':
      return write(recordSchema, ({ id }) => deleteModifierGroup(db, restaurant.id, id))
    case 'group.move':
      return write(moveSchema, ({ id, to }) => moveModifierGroup(db, restaurant.id, id, to))
    case 'option.create':
      return write(modifierOptionSchema, (value) => createModifierOption(db, restaurant.id, value))
    case 'option.update':
      return write(modifierOptionUpdateSchema, ({ id, ...value }) => updateModifierOption(db, restaurant.id, id, value))
    case 'option.delete':
      return write(recordSchema, ({ id }) => deleteModifierOption(db, restaurant.id, id))
    case 'option.move':
      return write(moveSchema, ({ id, to }) => moveModifierOption(db, restaurant.id, id, to))
    case 'pdf.upload':
    case 'photo.upload': {
      const t = await getT(request)
      const store = intent === 'pdf.upload' ? storeMenuPdf : storeItemPhoto
      try {
        return await write(recordSchema, ({ id }) => store(env, db, restaurant.id, id, form.get('file'), t))
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        const title = intent === 'pdf.upload' ? 'admin.menu.pdf.failedTitle' : 'admin.menu.photo.failedTitle'
        return refuse(
          parse(recordSchema),
          { formErrors: [title], fieldErrors: { file: [error.message] } },
          statusOf(error.code),
        )
      }
    }
    case 'pdf.remove':
      return write(recordSchema, ({ id }) => removeMenuPdf(env, db, restaurant.id, id))
    case 'photo.remove':
      return write(recordSchema, ({ id }) => removeItemPhoto(env, db, restaurant.id, id))
  }
}
