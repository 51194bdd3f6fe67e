/*
 * Dish photos: what an upload must be, which widths are kept, and how the
 * kept files are read back. Staff upload one photo per item; the server
 * stores it resized to a few WebP widths, each with its real pixel size, so
 * pages reserve the space before the image arrives.
 */

/** The widths kept, in CSS pixels × 2 for the menu's 80 px thumbnail, the sheet's ~480 px and a wide screen's sheet at 2×. */
const PHOTO_WIDTHS = [160, 480, 960] as const
/** Phones' photos are a few MB; the resizing service takes at most 20 MB. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
type PhotoType = (typeof PHOTO_TYPES)[number]

export interface PhotoSize {
  width: number
  height: number
}

/**
 * The widths to make from an original `originalWidth` pixels wide: every kept
 * width it can fill, never enlarged, and the original's own width in place
 * of the first it cannot (a 700 px photo gives 160, 480 and 700).
 */
export function photoWidths(originalWidth: number): number[] {
  const width = Math.floor(originalWidth)
  if (!(width >= 1)) return []
  const fitting = PHOTO_WIDTHS.filter((kept) => kept <= width)
  return fitting.length < PHOTO_WIDTHS.length && !fitting.includes(width as never) ? [...fitting, width] : [...fitting]
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte)
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

/** What the file is by its first bytes (a name or a declared type is the browser's word, not the file's); null for anything else. */
export function sniffImageType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  return null
}

/** How many first bytes sniffImageType and webpSize need. */
export const SNIFF_BYTES = 30

/**
 * A WebP file's pixel size, read from its header (lossy VP8, lossless VP8L or
 * extended VP8X), so what is stored is the size of the file itself.
 */
export function webpSize(bytes: Uint8Array): PhotoSize | null {
  if (sniffImageType(bytes) !== 'image/webp' || bytes.length < SNIFF_BYTES) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const chunk = String.fromCharCode(...bytes.subarray(12, 16))
  if (chunk === 'VP8 ' && startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff }
  }
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true)
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') {
    const uint24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)
    return { width: uint24(24) + 1, height: uint24(27) + 1 }
  }
  return null
}

/** Where a kept size is served; its key never changes (a new upload gets a new id), so it is cached for good. */
export const photoPath = (photoId: string, width: number) => `/menu-photos/${photoId}/${width}.webp`

/** The kept sizes as the `<img>` attributes a page needs: the smallest that covers `displayWidth` CSS px at 2×, and the srcset of all. */
export function photoImage(photo: { id: string; sizes: readonly PhotoSize[] }, displayWidth: number) {
  const sizes = [...photo.sizes].sort((a, b) => a.width - b.width)
  const chosen = sizes.find((size) => size.width >= displayWidth * 2) ?? sizes[sizes.length - 1]
  if (!chosen) return null
  return {
    src: photoPath(photo.id, chosen.width),
    width: chosen.width,
    height: chosen.height,
    srcSet: sizes.map((size) => `${photoPath(photo.id, size.width)} ${size.width}w`).join(', '),
  }
}
