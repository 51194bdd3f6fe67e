/**
 * The landing page's pictures of our own screens, in each language
 * (public/preview/{name}.{es,en}.jpg): the demo table's bill and its equal
 * split on a phone, the demo restaurant's dashboard, and the link-preview
 * card (og), which is the landing page with those pictures. Run after
 * `npm run build` and after any change those screens show: it starts its own
 * throwaway server with the seeded demo.
 */
import type { BrowserContextOptions, Page } from 'playwright-core'
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, DEMO_SESSION_ID } from '../app/server/demo/demo-data.server'
import { LANGUAGES, type Language } from '../app/locales'
import { startLocalServer } from './local-server'
import { launchChromium } from './chromium'

const OUT = 'public/preview'
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 760 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
}
const WIDE = (width: number, height: number): BrowserContextOptions => ({
  viewport: { width, height },
  deviceScaleFactor: 1,
})

const server = await startLocalServer('mesa-previews')
const browser = await launchChromium()

/** One screen as a JPEG, as it first shows (no scrolling), in `language`. */
async function picture(
  language: Language,
  options: BrowserContextOptions,
  path: string,
  name: string,
  prepare?: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ ...options, baseURL: server.url })
  await context.addCookies([{ name: 'lng', value: btoa(JSON.stringify(language)), url: server.url }])
  const page = await context.newPage()
  await prepare?.(page)
  await page.goto(path)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.screenshot({ path: `${OUT}/${name}.${language}.jpg`, type: 'jpeg', quality: 80, animations: 'disabled' })
  await context.close()
}

try {
  for (const language of LANGUAGES) {
    await picture(language, PHONE, `/customer/table/${DEMO_SESSION_ID}`, 'customer')
    await picture(language, PHONE, `/customer/split-equal/${DEMO_SESSION_ID}`, 'split')
    await picture(language, WIDE(1280, 640), '/admin/dashboard', 'admin', async (page) => {
      const signedIn = await page.request.post('/api/auth/login', {
        headers: { Origin: server.url },
        data: { email: DEMO_OWNER_EMAIL, password: DEMO_OWNER_PASSWORD },
      })
      if (!signedIn.ok()) throw new Error(`The demo owner could not sign in: ${signedIn.status()}`)
    })
    // The server serves the build's copy of public/: the landing page shows the pictures just taken.
    await picture(language, WIDE(1200, 630), '/', 'og', async (page) => {
      await page.route('**/preview/*.jpg', (route) =>
        route.fulfill({ path: `${OUT}/${new URL(route.request().url()).pathname.split('/').pop()}` }),
      )
    })
  }
  console.log(`Wrote ${OUT}/{customer,split,admin,og}.{${LANGUAGES.join(',')}}.jpg`)
} finally {
  await browser.close()
  server.stop()
}
