import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs } from '@remix-run/cloudflare'
import type { z } from 'zod'
import { categorySchema, menuItemSchema, menuSchema, modifierGroupSchema, modifierOptionSchema } from '~/domain/schemas/menus'
import { requireStaffPage } from './auth/session.server'
import { getDb } from './db/client.server'
import { ApiError, typedValues } from './http.server'
import { getT } from './i18n.server'
import { deleteMenuPdf, removeMenuPdf, storeMenuPdf } from './menu-pdf.server'
import {
  createCategory,
  createMenu,
  createMenuItem,
  createModifierGroup,
  createModifierOption,
  deleteCategory,
  deleteMenu,
  deleteMenuItem,
  deleteModifierGroup,
  deleteModifierOption,
  updateCategory,
  updateMenu,
  updateMenuItem,
} from './menus.server'
import { redirectWithToast } from './toast.server'

/** What the menu screens' forms ask for, in `intent`. */
export const MENU_INTENTS = [
  'menu.create',
  'menu.update',
  'menu.delete',
  'category.create',
  'category.update',
  'category.delete',
  'item.create',
  'item.update',
  'item.delete',
  'group.create',
  'group.delete',
  'option.create',
  'option.delete',
  'pdf.upload',
  'pdf.remove',
] as const
export type MenuIntent = (typeof MENU_INTENTS)[number]

export type MenuActionResult = { intent: string; errors: Record<string, string[] | null>; message: string | null; values: Record<string, string> }

const TOASTS: Record<MenuIntent, string> = {
  'menu.create': 'admin.menu.management.created',
  'menu.update': 'admin.menu.management.updated',
  'menu.delete': 'admin.menu.management.deleted',
  'category.create': 'admin.menu.builder.categoryCreated',
  'category.update': 'admin.menu.builder.categoryUpdated',
  'category.delete': 'admin.menu.builder.categoryDeleted',
  'item.create': 'admin.menu.builder.itemCreated',
  'item.update': 'admin.menu.builder.itemUpdated',
  'item.delete': 'admin.menu.builder.itemDeleted',
  'group.create': 'admin.menu.builder.groupCreated',
  'group.delete': 'admin.menu.builder.groupDeleted',
  'option.create': 'admin.menu.builder.optionCreated',
  'option.delete': 'admin.menu.builder.optionDeleted',
  'pdf.upload': 'admin.menu.pdf.saved',
  'pdf.remove': 'admin.menu.pdf.removed',
}

/** Where the screen goes after a change: it knows its own URLs; `id` is the record made or changed. */
export type NextUrl = (done: { intent: MenuIntent; id: string; form: FormData }) => string

/**
 * The one action behind the menu management page, the menu builder and the
 * sidebar builder: parses the form with the payload's schema (the same the
 * API uses), writes through the owner-scoped functions, and answers either a
 * redirect with a toast or the form's errors (400) / 404 for another owner's id.
 */
export async function menuAction({ request, context }: ActionFunctionArgs, next: NextUrl) {
  const user = await requireStaffPage(context, request)
  const env = context.cloudflare.env
  const db = getDb(env.DB)
  const form = await request.formData()
  const intent = MENU_INTENTS.find((name) => name === form.get('intent'))
  const values = typedValues(form)
  const fail = (errors: MenuActionResult['errors'], message: string | null, status = 400) => data<MenuActionResult>({ intent: intent ?? '', errors, message, values }, { status })
  if (!intent) return fail({}, 'admin.errors.formError')
  const id = String(form.get('id') ?? '')

  const parse = <S extends z.ZodType>(schema: S) => {
    // No coercion: a typed "32.50" must reach the price field as text (pesos), not as the number 32.5 (cents).
    const submission = parseWithZod(form, { schema, disableAutoCoercion: true })
    return submission.status === 'success' ? { value: submission.value as z.output<S>, failure: null } : { value: null, failure: fail(submission.error ?? {}, 'admin.menu.common.failed') }
  }
  const done = async (record: { id: string } | boolean | null, recordId = id) => {
    if (!record) return fail({}, 'admin.menu.errors.notFound', 404)
    return redirectWithToast(next({ intent, id: typeof record === 'object' ? record.id : recordId, form }), { title: TOASTS[intent] })
  }

  switch (intent) {
    case 'menu.create':
    case 'menu.update': {
      const { value, failure } = parse(menuSchema)
      if (failure) return failure
      return done(intent === 'menu.create' ? await createMenu(db, user.id, value) : await updateMenu(db, user.id, id, value))
    }
    case 'menu.delete': {
      const menu = await deleteMenu(db, user.id, id)
      if (menu) await deleteMenuPdf(env, menu.pdfKey)
      return done(menu)
    }
    case 'category.create':
    case 'category.update': {
      const { value, failure } = parse(categorySchema)
      if (failure) return failure
      return done(intent === 'category.create' ? await createCategory(db, user.id, value) : await updateCategory(db, user.id, id, value))
    }
    case 'category.delete':
      return done(await deleteCategory(db, user.id, id))
    case 'item.create':
    case 'item.update': {
      const { value, failure } = parse(menuItemSchema)
      if (failure) return failure
      return done(intent === 'item.create' ? await createMenuItem(db, user.id, value) : await updateMenuItem(db, user.id, id, value))
    }
    case 'item.delete':
      return done(await deleteMenuItem(db, user.id, id))
    case 'group.create': {
      const { value, failure } = parse(modifierGroupSchema)
      if (failure) return failure
      return done(await createModifierGroup(db, user.id, value))
    }
    case 'group.delete':
      return done(await deleteModifierGroup(db, user.id, id))
    case 'option.create': {
      const { value, failure } = parse(modifierOptionSchema)
      if (failure) return failure
      return done(await createModifierOption(db, user.id, value))
    }
    case 'option.delete':
      return done(await deleteModifierOption(db, user.id, id))
    case 'pdf.upload':
      try {
        return done(await storeMenuPdf(env, db, user.id, id, form.get('file'), await getT(request)))
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        return fail({ file: [error.message] }, 'admin.menu.pdf.failedTitle', error.status)
      }
    case 'pdf.remove':
      return done(await removeMenuPdf(env, db, user.id, id))
  }
}
