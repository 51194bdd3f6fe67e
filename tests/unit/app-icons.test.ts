import { readFileSync } from 'node:fs'
import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

const publicFile = (path: string) => readFileSync(`public${path}`)

/** A PNG's width and height, from its header (IHDR: the first chunk, after the 8-byte signature). */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`
}

/**
 * The opacity of an 8-bit RGBA PNG's top-left pixel (255 for an RGB one).
 * Whatever the first row's filter, its first pixel is stored as it is.
 */
function cornerAlpha(png: Buffer) {
  const colourType = png[25]
  if (colourType === 2) return 255
  expect(colourType).toBe(6)
  const data: Buffer[] = []
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at)
    if (png.subarray(at + 4, at + 8).toString('latin1') === 'IDAT') data.push(png.subarray(at + 8, at + 8 + length))
    at += 12 + length
  }
  return inflateSync(Buffer.concat(data))[4]
}

describe('the icons a phone shows for the installed app', () => {
  it.each(['/site.webmanifest', '/staff.webmanifest'])(
    '%s names a 192 and a 512 px PNG and a maskable one, each the size it says',
    (manifest) => {
      const { icons } = JSON.parse(publicFile(manifest).toString('utf8')) as {
        icons: { src: string; sizes: string; type: string; purpose: string }[]
      }
      const pngs = icons.filter((icon) => icon.type === 'image/png')
      expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ])
      for (const icon of pngs) expect(pngSize(publicFile(icon.src)), icon.src).toBe(icon.sizes)
    },
  )

  it('the iPhone’s Home Screen icon is a 180 px square PNG with no transparent corners (the phone rounds them)', () => {
    const png = publicFile('/apple-touch-icon.png')
    expect(pngSize(png)).toBe('180x180')
    expect(cornerAlpha(png)).toBe(255)
    expect(cornerAlpha(publicFile('/icon-maskable-512.png'))).toBe(255)
    // The manifest's own icon keeps the favicon's rounded corners.
    expect(cornerAlpha(publicFile('/icon-512.png'))).toBe(0)
  })
})
