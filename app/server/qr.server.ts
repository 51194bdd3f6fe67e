import QRCode from 'qrcode'

/** The URL a table's QR code opens: the diner's bill of the table's current session. */
export const tableUrl = (origin: string, sessionId: string) => `${origin}/customer/table/${sessionId}`

/** The code as inline SVG: high error correction so a worn or stained sticker still scans. */
export function qrSvg(url: string, size = 200): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'H', width: size, margin: 2, color: { dark: '#000000', light: '#ffffff' } })
}
