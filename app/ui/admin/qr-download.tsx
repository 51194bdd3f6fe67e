import { useState } from 'react'
import { buttonClass } from '../button'
import { useI18n } from '../i18n'

/** Makes the table's PNG in the browser (qrcode loads only on click), big enough to print sharp. */
export function DownloadQrButton({ url, fileName }: { url: string; fileName: string }) {
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
          const QRCode = await import('qrcode')
          const link = document.createElement('a')
          link.href = await QRCode.toDataURL(url, { errorCorrectionLevel: 'H', width: 1024, margin: 2 })
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
