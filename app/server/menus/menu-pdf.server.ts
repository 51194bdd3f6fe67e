import { PDF_MAX_BYTES, PDF_TYPE } from '~/domain/schemas/menus'
import type { TFunction } from '~/locales/translate'
import type { Db } from '../db/client.server'
import { ApiError } from '../http/api.server'
import { findOwnMenu, setMenuPdf } from './menu-store.server'

type T = TFunction

/** What every PDF file starts with; the declared type alone is the browser's word, not the file's. */
const PDF_MAGIC = '%PDF-'

/** Checks an uploaded file is a PDF of at most 10 MB; answers the refusal as a 4xx `{ message }`. */
async function checkPdf(file: unknown, t: T): Promise<File> {
  if (!(file instanceof File) || file.size === 0)
    throw new ApiError('INVALID_REQUEST', t('admin.menu.errors.pdfMissing'))
  if (file.size > PDF_MAX_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', t('admin.menu.errors.pdfSize'))
  const head = new TextDecoder().decode(await file.slice(0, PDF_MAGIC.length).arrayBuffer())
  if (file.type !== PDF_TYPE || head !== PDF_MAGIC)
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', t('admin.menu.errors.pdfType'))
  return file
}

/**
 * Stores the owner's PDF menu in R2 under a fresh key and points the menu at
 * it; the file it replaces is removed once the menu no longer names it.
 */
export async function storeMenuPdf(env: Env, db: Db, restaurantId: string, menuId: string, upload: unknown, t: T) {
  const menu = await findOwnMenu(db, restaurantId, menuId)
  if (!menu) throw new ApiError('NOT_FOUND', t('admin.menu.errors.notFound'))
  const file = await checkPdf(upload, t)
  const key = `menus/${menu.id}/${crypto.randomUUID()}.pdf`
  await env.MENU_PDFS.put(key, file.stream(), { httpMetadata: { contentType: PDF_TYPE } })
  const name = file.name.trim().slice(0, 200) || 'menu.pdf'
  const updated = await setMenuPdf(db, restaurantId, menu.id, { key, name })
  if (!updated) {
    await env.MENU_PDFS.delete(key)
    throw new ApiError('NOT_FOUND', t('admin.menu.errors.notFound'))
  }
  await deleteMenuPdf(env, menu.pdfKey)
  return updated
}

export async function removeMenuPdf(env: Env, db: Db, restaurantId: string, menuId: string) {
  const menu = await findOwnMenu(db, restaurantId, menuId)
  if (!menu) return null
  const updated = await setMenuPdf(db, restaurantId, menu.id, null)
  await deleteMenuPdf(env, menu.pdfKey)
  return updated
}

export async function deleteMenuPdf(env: Env, key: string | null): Promise<void> {
  if (key) await env.MENU_PDFS.delete(key)
}

/** Reads an upload request's multipart body; anything else (a JSON call, say) is told how to send the file. */
export async function readPdfUpload(request: Request, t: T): Promise<{ menuId: string; file: unknown }> {
  if (!/^multipart\/form-data\b/i.test(request.headers.get('Content-Type') ?? ''))
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', t('admin.menu.errors.pdfMultipart'))
  // Multipart framing adds a little; anything far above the limit is refused before it is read.
  if (Number(request.headers.get('Content-Length') ?? '0') > PDF_MAX_BYTES + 64 * 1024)
    throw new ApiError('PAYLOAD_TOO_LARGE', t('admin.menu.errors.pdfSize'))
  const form = await request.formData()
  return { menuId: String(form.get('menuId') ?? ''), file: form.get('file') }
}
