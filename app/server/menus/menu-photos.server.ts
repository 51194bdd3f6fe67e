import {
  PHOTO_MAX_BYTES,
  photoWidths,
  sniffImageType,
  SNIFF_BYTES,
  webpSize,
  type PhotoSize,
} from '~/domain/menu-photos'
import type { TFunction } from '~/locales/translate'
import type { Db } from '../db/client.server'
import { ApiError } from '../http/api.server'
import { findOwnMenuItem, photosUnder, setItemPhoto, type StoredPhoto } from './menu-items.server'

type T = TFunction

/** A kept size's object in MENU_PHOTOS. */
const objectKey = (photoId: string, width: number) => `${photoId}/${width}.webp`

/** Checks an upload is a JPEG, PNG or WebP of at most 10 MB by its own bytes; answers the refusal as a 4xx `{ message }`. */
async function checkPhoto(file: unknown, t: T): Promise<File> {
  if (!(file instanceof File) || file.size === 0)
    throw new ApiError('INVALID_REQUEST', t('admin.menu.errors.photoMissing'))
  if (file.size > PHOTO_MAX_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', t('admin.menu.errors.photoSize'))
  if (!sniffImageType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer())))
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', t('admin.menu.errors.photoType'))
  return file
}

/** One kept width: resized and encoded by the Images binding, its real size read from the file it made. */
async function resize(env: Env, file: File, width: number): Promise<{ bytes: Uint8Array; size: PhotoSize }> {
  const result = await env.IMAGES.input(file.stream())
    .transform({ width, fit: 'scale-down' })
    .output({ format: 'image/webp' })
  const bytes = new Uint8Array(await result.response().arrayBuffer())
  const size = webpSize(bytes)
  if (!size) throw new Error(`The Images binding answered ${result.contentType()}, not WebP`)
  return { bytes, size }
}

/**
 * Stores a photo for the owner's item: resized into the kept widths as WebP
 * under a fresh id, their sizes recorded on the item, and the photo it
 * replaces removed once the item no longer names it. A file that is not an
 * image the resizer can read is refused and nothing is kept.
 */
export async function storeItemPhoto(env: Env, db: Db, restaurantId: string, itemId: string, upload: unknown, t: T) {
  const item = await findOwnMenuItem(db, restaurantId, itemId)
  if (!item) throw new ApiError('NOT_FOUND', t('admin.menu.errors.notFound'))
  const file = await checkPhoto(upload, t)
  let info: ImageInfoResponse
  try {
    info = await env.IMAGES.info(file.stream())
  } catch {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', t('admin.menu.errors.photoUnreadable'))
  }
  const widths = 'width' in info ? photoWidths(info.width) : []
  if (widths.length === 0) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', t('admin.menu.errors.photoUnreadable'))
  const photoId = crypto.randomUUID()
  const kept: string[] = []
  let photo: StoredPhoto
  try {
    const resized = await Promise.all(widths.map((width) => resize(env, file, width)))
    // Keyed by the width that came out, which is what pages name; an original turned on its side can give one twice.
    const byWidth = new Map(resized.map((made) => [made.size.width, made]))
    for (const [width, made] of byWidth) {
      await env.MENU_PHOTOS.put(objectKey(photoId, width), made.bytes, { httpMetadata: { contentType: 'image/webp' } })
      kept.push(objectKey(photoId, width))
    }
    photo = { id: photoId, sizes: [...byWidth.values()].map((made) => made.size).sort((a, b) => a.width - b.width) }
  } catch (error) {
    if (kept.length > 0) await env.MENU_PHOTOS.delete(kept)
    console.error('Resizing a dish photo failed', error)
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', t('admin.menu.errors.photoUnreadable'))
  }
  const updated = await setItemPhoto(db, restaurantId, item.id, photo)
  if (!updated) {
    await env.MENU_PHOTOS.delete(kept)
    throw new ApiError('NOT_FOUND', t('admin.menu.errors.notFound'))
  }
  await deletePhotos(env, item.photo ? [item.photo] : [])
  return updated
}

/** Takes the owner's item's photo away (its files too); null when the item is not theirs. */
export async function removeItemPhoto(env: Env, db: Db, restaurantId: string, itemId: string) {
  const item = await findOwnMenuItem(db, restaurantId, itemId)
  if (!item) return null
  const updated = await setItemPhoto(db, restaurantId, item.id, null)
  await deletePhotos(env, item.photo ? [item.photo] : [])
  return updated
}

async function deletePhotos(env: Env, photos: readonly StoredPhoto[]): Promise<void> {
  const keys = photos.flatMap((photo) => photo.sizes.map((size) => objectKey(photo.id, size.width)))
  // R2 deletes at most 1000 keys a call.
  for (let start = 0; start < keys.length; start += 1000) await env.MENU_PHOTOS.delete(keys.slice(start, start + 1000))
}

/**
 * Deletes a menu, a category or an item through `remove`, then the photos of
 * every item that went with it (the database cascades; storage does not).
 */
export async function deletingPhotos<Removed>(
  env: Env,
  db: Db,
  restaurantId: string,
  scope: Parameters<typeof photosUnder>[2],
  remove: () => Promise<Removed>,
): Promise<Removed> {
  const photos = await photosUnder(db, restaurantId, scope)
  const removed = await remove()
  if (removed) await deletePhotos(env, photos)
  return removed
}

/** Reads a photo upload's multipart body; anything else is told how to send the file. */
export async function readPhotoUpload(request: Request, t: T): Promise<unknown> {
  if (!/^multipart\/form-data\b/i.test(request.headers.get('Content-Type') ?? ''))
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', t('admin.menu.errors.photoMultipart'))
  if (Number(request.headers.get('Content-Length') ?? '0') > PHOTO_MAX_BYTES + 64 * 1024)
    throw new ApiError('PAYLOAD_TOO_LARGE', t('admin.menu.errors.photoSize'))
  return (await request.formData()).get('file')
}
