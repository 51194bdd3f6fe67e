/**
 * The app's PNG icons, drawn from public/favicon.svg: 192 and 512 px for the
 * web app manifests, and a square one (no rounded corners: the phone rounds
 * them) as the maskable icon and the iPhone's Home Screen icon. Run after
 * any change to the favicon: `npx tsx scripts/app-icons.ts`.
 */
import { readFileSync } from 'node:fs'
import { launchChromium } from './chromium'

const rounded = readFileSync('public/favicon.svg', 'utf8')
const square = rounded.replace(/ rx="\d+"/, '')
const icons: [file: string, svg: string, size: number][] = [
  ['public/icon-192.png', rounded, 192],
  ['public/icon-512.png', rounded, 512],
  ['public/icon-maskable-512.png', square, 512],
  ['public/apple-touch-icon.png', square, 180],
]

const browser = await launchChromium()
const page = await browser.newPage()
for (const [file, svg, size] of icons) {
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(`<style>*{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`)
  await page.screenshot({ path: file, omitBackground: true })
}
await browser.close()
