import QRCode from 'qrcode'
import { QR_QUIET_ZONE, TABLE_QR_ERROR_CORRECTION } from '~/domain/qr-card'
import { normalizeTableCode } from '~/domain/table-code'

/**
 * The URL a table's QR code holds: its fixed link, which opens whatever bill
 * the table has when scanned, so the card never goes stale. The code is
 * written canonical (no dash) to keep the QR small.
 */
export const tableUrl = (origin: string, shortCode: string) =>
  `${origin}/m/${normalizeTableCode(shortCode) ?? encodeURIComponent(shortCode)}`

/** Where a person types a table's short code instead, as printed under the QR: host and path, no scheme. */
export const codeEntrySite = (origin: string) => `${new URL(origin).host}/customer`

/** The code as inline SVG, as the downloaded card draws it. */
export function qrSvg(url: string, size = 200): Promise<string> {
  return QRCode.toString(url, {
    type: 'svg',
    errorCorrectionLevel: TABLE_QR_ERROR_CORRECTION,
    width: size,
    margin: QR_QUIET_ZONE,
    color: { dark: '#000000', light: '#ffffff' },
  })
}
