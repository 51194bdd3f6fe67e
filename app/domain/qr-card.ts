/**
 * The white margin around a QR code, in modules: the four the QR standard
 * asks for, so a phone finds the code however close the card's edge or its
 * text is. The printed SVG and the downloaded PNG both keep it.
 */
export const QR_QUIET_ZONE = 4

/**
 * How much of a table's QR code may be lost and still read: medium (15 %).
 * With the table's short fixed link the code stays at version 3 or less,
 * whose large modules scan from across a table.
 */
export const TABLE_QR_ERROR_CORRECTION = 'M'

/**
 * What a table's card asks of the diner, in both of Mesa's languages
 * whichever the staff use: the party at the table may read either.
 */
export const CARD_SCAN_WORDS = [
  { lang: 'es', text: 'Escanea para ver tu cuenta y pagar' },
  { lang: 'en', text: 'Scan to see your bill and pay' },
] as const

/**
 * The way in without the camera: the code's caption and where to type it.
 * The printed card says it in both languages, as it says what to scan; the
 * staff's screens in theirs.
 */
export const CARD_CODE_WORDS = [
  { lang: 'es', label: 'Código de la mesa', typeAt: (site: string) => `¿No se abre? Escribe el código en ${site}` },
  { lang: 'en', label: 'Table code', typeAt: (site: string) => `Won't scan? Type the code at ${site}` },
] as const

/** The code's words in one language. */
export const cardCodeWords = (language: string) =>
  CARD_CODE_WORDS.find((words) => words.lang === language) ?? CARD_CODE_WORDS[0]

/** One line of text on the card: its top edge and font size, in pixels. */
export interface CardLine {
  top: number
  fontPx: number
}

/**
 * Where everything goes on the downloaded card, in whole pixels: the
 * restaurant and the table above the QR code; below it, what to do with it
 * in Spanish and English, the short code under its caption and where to type it. The QR code takes the card's whole width with its quiet zone
 * inside, at a whole number of pixels per module, and no text enters that zone.
 * Lines are placed by the top of their font's em box.
 */
export function qrCardLayout(moduleCount: number, targetWidth = 1024) {
  const modulePx = Math.max(1, Math.floor(targetWidth / (moduleCount + 2 * QR_QUIET_ZONE)))
  const width = modulePx * (moduleCount + 2 * QR_QUIET_ZONE)
  const size = (share: number) => Math.round(width * share)
  const padding = size(0.05)
  const restaurant: CardLine = { top: padding, fontPx: size(0.04) }
  const table: CardLine = { top: restaurant.top + Math.round(restaurant.fontPx * 1.4), fontPx: size(0.065) }
  const qr = {
    top: table.top + Math.round(table.fontPx * 1.3),
    size: width,
    modulePx,
    quietPx: QR_QUIET_ZONE * modulePx,
  }
  // A module more below the zone: accents rise above a font's em box, where 'top' puts the text.
  const scan: CardLine = { top: qr.top + qr.size + modulePx, fontPx: size(0.045) }
  const scanEnglish: CardLine = { top: scan.top + Math.round(scan.fontPx * 1.3), fontPx: size(0.045) }
  const caption: CardLine = { top: scanEnglish.top + Math.round(scanEnglish.fontPx * 1.8), fontPx: size(0.04) }
  const code: CardLine = { top: caption.top + Math.round(caption.fontPx * 1.4), fontPx: size(0.12) }
  const site: CardLine = { top: code.top + Math.round(code.fontPx * 1.25), fontPx: size(0.032) }
  const height = site.top + Math.round(site.fontPx * 1.4) + padding
  return { width, height, padding, restaurant, table, qr, scan, scanEnglish, caption, code, site }
}
