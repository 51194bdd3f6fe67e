import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  getPage,
  openPaymentForm,
  ORIGIN,
  pageText as textOf,
  postForm,
  seedTable,
  setRestaurant,
  staffCookieOf,
} from './fixtures'

const REVIEWS = 'https://g.page/r/fonda-de-prueba/review'

/** A diner pays through the form and lands on their confirmation (its link names their payment). */
async function paidConfirmation(table: { sessionId: string }, query = 'full=true&tipPercentage=0') {
  const form = await openPaymentForm(`/customer/payment-method/${table.sessionId}?${query}`)
  const paid = await form.submit()
  expect(paid.status).toBe(302)
  const path = paid.headers.get('Location')!
  const page = () => SELF.fetch(`${ORIGIN}${path}`).then(textOf)
  return { path, page }
}

describe('a diner rates their visit on the confirmation', () => {
  it('2 stars with a comment: kept for the restaurant, staff told at once, on the table’s history and in Analytics; Google is offered anyway', async () => {
    const table = await seedTable([{ name: 'Mole', priceCents: 20_000 }])
    await setRestaurant(table.restaurantId, { google_review_url: REVIEWS })
    // The manager on shift when the diner rates (an alert reaches who is on the team then).
    const manager = await staffCookieOf(table.restaurantId, 'manager')
    const { path, page } = await paidConfirmation(table)
    expect(await page()).toContain('¿Cómo estuvo tu visita?')
    // Before rating, nobody is sent to Google.
    expect(await page()).not.toContain(REVIEWS)
    const rated = await postForm(path, { intent: 'rate', stars: '2', comment: 'La comida llegó fría' })
    expect(rated.status).toBe(302)
    const after = await page()
    expect(after).toContain('Gracias por tu calificación')
    expect(after).toContain(`href="${REVIEWS}"`)

    const alerts = await textOf(await getPage('/admin/alerts', manager))
    expect(alerts).toContain('Mesa 12: un comensal calificó su visita con 2 de 5 estrellas')
    const history = await textOf(await getPage(`/admin/tables/${table.tableId}`, manager))
    expect(history).toMatch(/Calificación[\s\S]*2 estrellas de 5[\s\S]*La comida llegó fría/)
    const analytics = await textOf(await getPage('/admin/dashboard/analytics', manager))
    expect(analytics).toMatch(/data-testid="rating-average"[^>]*>2\.0</)
    expect(analytics).toContain('La comida llegó fría')
  })

  it('5 stars tells nobody, and is offered Google just the same; rated again, it changes, still one rating', async () => {
    const table = await seedTable([{ name: 'Mole', priceCents: 20_000 }])
    await setRestaurant(table.restaurantId, { google_review_url: REVIEWS })
    const manager = await staffCookieOf(table.restaurantId, 'manager')
    const { path, page } = await paidConfirmation(table)
    expect((await postForm(path, { intent: 'rate', stars: '5' })).status).toBe(302)
    expect(await page()).toContain(`href="${REVIEWS}"`)
    expect(await textOf(await getPage('/admin/alerts', manager))).not.toContain('calificó su visita con 5 de 5')
    expect((await postForm(path, { intent: 'rate', stars: '4', comment: 'Bien' })).status).toBe(302)
    const analytics = await textOf(await getPage('/admin/dashboard/analytics', manager))
    expect(analytics).toMatch(/data-testid="rating-average"[^>]*>4\.0</)
    expect(analytics).toContain('1 calificación')
  })

  it('refuses stars out of range and a comment too long, changing nothing; only the paying phone’s link rates', async () => {
    const table = await seedTable([{ name: 'Mole', priceCents: 20_000 }])
    const { path } = await paidConfirmation(table)
    const six = await postForm(path, { intent: 'rate', stars: '6' })
    expect(six.status).toBe(400)
    expect(await textOf(six)).toContain('Elige de 1 a 5 estrellas.')
    const long = await postForm(path, { intent: 'rate', stars: '3', comment: 'x'.repeat(501) })
    expect(long.status).toBe(400)
    expect(await textOf(long)).toContain('El comentario puede tener hasta 500 caracteres.')
    expect(
      (await postForm(`/customer/payment-confirmation/${table.sessionId}`, { intent: 'rate', stars: '1' })).status,
    ).toBe(404)
    const manager = await staffCookieOf(table.restaurantId, 'manager')
    expect(await textOf(await getPage('/admin/dashboard/analytics', manager))).toContain(
      'Aún no hay calificaciones en este periodo.',
    )
  })
})
