import { chromium } from 'playwright-core'
import { gzipSync } from 'node:zlib'
import { startLocalServer } from '/work/main/scripts/local-server'
const server = await startLocalServer('jssize')
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
try {
  for (const path of ['/customer/table/demo7', '/customer/pay-items/demo7', '/customer/tip/demo7?full=true', '/customer/payment-method/demo7?full=true&tipPercentage=15', '/customer/menu/demo7', '/customer/cart/demo7']) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
    const page = await context.newPage()
    const scripts = new Map<string, Buffer>()
    page.on('response', async (r) => { if (r.request().resourceType() === 'script') scripts.set(r.url(), await r.body().catch(() => Buffer.alloc(0))) })
    await page.goto(server.url + path, { waitUntil: 'networkidle' })
    let gz = 0; for (const b of scripts.values()) gz += gzipSync(b, { level: 9 }).length
    console.log(path.padEnd(60), (gz / 1024).toFixed(1), 'KB', scripts.size)
    await context.close()
  }
} finally { await browser.close(); server.stop() }
