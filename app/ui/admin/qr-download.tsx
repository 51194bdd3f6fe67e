import { useState } from 'react'
import { CARD_SCAN_WORDS, qrCardLayout, TABLE_QR_ERROR_CORRECTION, type CardLine } from '~/domain/qr-card'
import { buttonClass } from '../button'
import { useI18n } from '../i18n'

/** What the downloaded card shows: the restaurant, the table, its QR code, and its short code with where to type it. */
interface QrCardText {
  restaurant: string
  table: string
  caption: string
  code: string
  site: string
}

const SANS = "system-ui, 'DejaVu Sans', 'Liberation Sans', sans-serif"
const MONO = "ui-monospace, 'DejaVu Sans Mono', 'Liberation Mono', monospace"

/**
 * The table's card as a PNG, drawn in the browser (qrcode loads only on
 * click) at about 1000 px wide, big enough to print sharp: the table above
 * the QR code, the code's four-module quiet zone, then the short code.
 */
async function drawCard(url: string, text: QrCardText): Promise<string> {
  const QRCode = await import('qrcode')
  const { modules } = QRCode.create(url, { errorCorrectionLevel: TABLE_QR_ERROR_CORRECTION })
  const layout = qrCardLayout(modules.size)
  const canvas = document.createElement('canvas')
  canvas.width = layout.width
  canvas.height = layout.height
  const context = canvas.getContext('2d')
  if (!context) throw new Error('This browser cannot draw the QR card.')
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, layout.width, layout.height)
  context.fillStyle = '#000000'
  const { modulePx, quietPx } = layout.qr
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col))
        context.fillRect(quietPx + col * modulePx, layout.qr.top + quietPx + row * modulePx, modulePx, modulePx)
    }
  }
  context.textAlign = 'center'
  context.textBaseline = 'top'
  // A long table name or site is made smaller until it fits between the margins.
  const write = (words: string, line: CardLine, family: string, weight: string, spacing = 0) => {
    let fontPx = line.fontPx
    let spacingPx = 0
    const fit = () => {
      context.font = `${weight} ${fontPx}px ${family}`
      spacingPx = Math.round(fontPx * spacing)
      context.letterSpacing = `${spacingPx}px`
    }
    fit()
    while (fontPx > 12 && context.measureText(words).width > layout.width - 2 * layout.padding) {
      fontPx -= 2
      fit()
    }
    // The spacing follows every letter, the last one too: half of it is moved back to keep the text centred.
    context.fillText(words, layout.width / 2 + spacingPx / 2, line.top)
  }
  context.fillStyle = '#44403c'
  write(text.restaurant, layout.restaurant, SANS, '600')
  context.fillStyle = '#000000'
  write(text.table, layout.table, SANS, 'bold')
  const [spanish, english] = CARD_SCAN_WORDS
  write(spanish.text, layout.scan, SANS, '600')
  write(english.text, layout.scanEnglish, SANS, '600')
  context.fillStyle = '#44403c'
  write(text.caption, layout.caption, SANS, '600')
  context.fillStyle = '#000000'
  write(text.code, layout.code, MONO, 'bold', 0.08)
  context.fillStyle = '#44403c'
  write(text.site, layout.site, SANS, 'normal')
  return canvas.toDataURL('image/png')
}

/** Downloads the table's card as a PNG. */
export function DownloadQrButton({ url, fileName, card }: { url: string; fileName: string; card: QrCardText }) {
  const { t } = useI18n()
  const [busy, setBusy] = useState(false)
  return (
    <button
      type="button"
      className={buttonClass.primary}
      disabled={busy}
      data-testid="qr-download"
      onClick={async () => {
        setBusy(true)
        try {
          const link = document.createElement('a')
          link.href = await drawCard(url, card)
          link.download = fileName
          link.click()
        } finally {
          setBusy(false)
        }
      }}
    >
      {t('admin.qr.download')}
    </button>
  )
}
