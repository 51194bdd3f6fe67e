import { describe, expect, it } from 'vitest'
import { QR_QUIET_ZONE, qrCardLayout } from '~/domain/qr-card'

describe('qrCardLayout', () => {
  it('draws the QR code at whole pixels per module across the card, with the four-module quiet zone inside', () => {
    for (const modules of [21, 45, 57, 177]) {
      const layout = qrCardLayout(modules)
      expect(Number.isInteger(layout.qr.modulePx), `${modules}`).toBe(true)
      expect(layout.width).toBe(layout.qr.modulePx * (modules + 2 * QR_QUIET_ZONE))
      expect(layout.width).toBeLessThanOrEqual(1024)
      expect(layout.width).toBeGreaterThan(1024 - (modules + 2 * QR_QUIET_ZONE))
      expect(layout.qr.quietPx).toBe(QR_QUIET_ZONE * layout.qr.modulePx)
    }
  })

  it('keeps every line of text out of the quiet zone: the restaurant and the table above the code, the rest below, in reading order', () => {
    for (const modules of [21, 45, 57, 177]) {
      const { restaurant, table, qr, scan, scanEnglish, caption, code, site, height, padding } = qrCardLayout(modules)
      expect(restaurant.top).toBe(padding)
      expect(table.top).toBeGreaterThanOrEqual(restaurant.top + restaurant.fontPx)
      // A font's glyphs stay within its em box except accents; a fifth of the size is left for descenders.
      expect(table.top + table.fontPx * 1.2).toBeLessThanOrEqual(qr.top)
      expect(scan.top).toBeGreaterThan(qr.top + qr.size)
      const below = [scan, scanEnglish, caption, code, site]
      below
        .slice(1)
        .forEach((line, index) =>
          expect(line.top, `line ${index + 1}`).toBeGreaterThanOrEqual(below[index]!.top + below[index]!.fontPx),
        )
      expect(height).toBeGreaterThanOrEqual(site.top + site.fontPx + padding)
    }
  })
})
