import QRCode from 'qrcode'
import { QR_QUIET_ZONE } from '~/domain/qr-card'

/** The URL a table's QR code opens: the diner's bill of the table's current session. */
export const tableUrl = (origin: string, sessionId: string) => `${origin}/customer/table/${sessionId}`

/** Where a person types a table's short code instead, as printed under the QR: host and path, no scheme. */
export const codeEntrySite = (origin: string) => `${new URL(origin).host}/customer`

/** The code as inline SVG: high error correction so a worn or stained sticker still scans. */
export function qrSvg(url: string, size = 200): Promise<string> {
  return QRCode.toString(url, {
    type: 'svg',
    errorCorrectionLevel: 'H',
    width: size,
    margin: QR_QUIET_ZONE,
    color: { dark: '#000000', light: '#ffffff' },
  })
}
