/**
 * The waiter's ticket as a thumb makes it: on the demo's table 7, signed in
 * as its owner on a 390 px phone, from the table's page to the kitchen with
 * a horchata, a beer (one tap each) and tacos al pastor with habanero (its
 * salsa is required, so its sheet opens). Counts every tap, and the time
 * from the first tap until the table's page is back after sending.
 */
import type { Browser } from 'playwright-core'
import { DEMO_OWNER_PASSWORD, DEMO_TABLE_ID, demoMenu } from '../../app/server/demo/demo-data.server'
import { record } from './figures'

const dish = (name: string) => {
  const found = demoMenu.categories.flatMap((category) => category.items).find((item) => item.name === name)
  if (!found) throw new Error(`The demo menu has no ${name}`)
  return found.id
}

export async function waiterTicketTaps(browser: Browser, base: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'es-MX',
    baseURL: base,
  })
  try {
    const page = await context.newPage()
    const signIn = await page.request.post('/api/auth/login', {
      headers: { Origin: base },
      data: { email: 'demo@mesa.mx', password: DEMO_OWNER_PASSWORD },
    })
    if (!signIn.ok()) throw new Error(`The demo owner could not sign in: ${signIn.status()}`)
    await page.goto(`/admin/tables/${DEMO_TABLE_ID}`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    let taps = 0
    const tap = async (action: () => Promise<void>) => {
      taps++
      await action()
    }
    const started = performance.now()
    await tap(() => page.getByTestId('staff-order').click())
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await tap(() => page.getByTestId(`add-${dish('Agua de horchata')}`).click())
    await tap(() => page.getByTestId(`add-${dish('Cerveza artesanal')}`).click())
    // The two taps settled on the ticket before the sheet opens (no tap is counted for waiting).
    await page.getByTestId('ticket-line').nth(1).waitFor()
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'))
    await tap(() => page.getByTestId(`dish-${dish('Tacos al pastor')}`).click())
    const sheet = page.getByRole('dialog')
    await tap(() => sheet.getByRole('radio', { name: 'Habanero' }).check())
    await tap(() => sheet.getByTestId('add-with-options').click())
    await page.getByTestId('ticket-line').nth(2).waitFor()
    await tap(() => page.getByTestId('send-ticket').click())
    await page.waitForURL(new RegExp(`/admin/tables/${DEMO_TABLE_ID}$`))
    const seconds = (performance.now() - started) / 1000
    const sent = await page.getByTestId('toast').filter({ hasText: 'Enviado a cocina' }).textContent()
    const whole = /1× Agua de horchata/.test(sent ?? '') && /1× Tacos al pastor/.test(sent ?? '')
    record({
      name: 'Waiter’s ticket, 3 dishes (1 with options), taps',
      value: taps,
      unit: 'taps',
      target: '≤ 7',
      pass: taps <= 7 && whole,
      note: whole ? 'from the table’s page to the kitchen' : `the toast said ${JSON.stringify(sent)}`,
    })
    record({
      name: 'Waiter’s ticket, 3 dishes (1 with options), time',
      value: Math.round(seconds * 100) / 100,
      unit: 's',
      target: 'reference',
      pass: null,
      note: 'first tap to the table’s page after sending, unthrottled',
    })
  } finally {
    await context.close()
  }
}
