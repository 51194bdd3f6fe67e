import { describe, expect, it } from 'vitest'
import {
  BASE_URL,
  billOf,
  chromiumForFile,
  DESKTOP,
  hydrated,
  openDisplayMenu,
  phonePage,
  screenshot,
  signUpAndSignIn,
} from './browser'

const browser = chromiumForFile()

/** A restaurant with a taco and an agua on its menu, and a table; the owner's page stays signed in. */
async function restaurant() {
  const staff = await phonePage(browser(), DESKTOP)
  await signUpAndSignIn(staff.page.request, 'Fonda Agotada')
  const post = async <T>(path: string, data: unknown) =>
    (await (await staff.page.request.post(path, { headers: { Origin: BASE_URL }, data })).json()) as T
  const menu = await post<{ id: string }>('/api/menus', { name: 'Carta', type: 'regular' })
  const category = await post<{ id: string }>('/api/categories', { name: 'Antojitos', menuId: menu.id })
  await post('/api/menu-items', { name: 'Taco de canasta', price: 2200, categoryId: category.id })
  const agua = await post<{ id: string }>('/api/menu-items', {
    name: 'Agua de jamaica',
    description: 'Del día',
    price: 3500,
    categoryId: category.id,
  })
  const table = await post<{ id: string; sessionId: string }>('/api/tables', { tableNumber: '4' })
  return { staff: staff.page, menuId: menu.id, aguaId: agua.id, sessionId: table.sessionId }
}

describe('"Agotado": the kitchen runs out while a diner looks at the cart', () => {
  it('the staff’s switch reaches the diner’s cart, menu and sheet; the order is refused clearly; offered again it orders (390 px, Spanish with JavaScript, English without)', async () => {
    const { staff, menuId, aguaId, sessionId } = await restaurant()
    const { page, errors } = await phonePage(browser())
    await page.goto(`/customer/menu/${sessionId}`)
    await hydrated(page, 'menu-items')
    const item = (name: string) => page.getByTestId('menu-item').filter({ hasText: name })
    await item('Agua de jamaica').getByTestId('add-dish').click()
    await item('Taco de canasta').getByTestId('add-dish').click()
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('2')
    await page.getByTestId('menu-place-order').click()
    await page.waitForURL(/\/customer\/cart\//)
    await hydrated(page, 'place-order')
    await expect.poll(() => page.getByTestId('place-order').textContent()).toBe('Ordenar · $57.00')

    // Meanwhile, in the kitchen.
    await staff.goto(`/admin/menu-builder/${menuId}?tab=items`)
    await staff.getByRole('button', { name: 'Marcar agotado: Agua de jamaica' }).click()
    await staff.getByRole('button', { name: 'Volver a ofrecer: Agua de jamaica' }).waitFor()
    await screenshot(staff, 'menu-sold-out-staff-desktop')

    await page.getByTestId('place-order').click()
    await expect
      .poll(() => page.getByTestId('cart-error').textContent())
      .toBe('Se agotó Agua de jamaica. No se envió nada; quítalo de tu orden y ordena lo demás.')
    expect((await billOf(sessionId)).items).toEqual([])
    await expect
      .poll(() => page.getByTestId('cart-line-sold-out').textContent())
      .toBe('Agotado: quítalo para ordenar lo demás.')
    await expect.poll(() => page.getByTestId('place-order').textContent()).toBe('Ordenar · $22.00')
    await screenshot(page, 'cart-sold-out-phone')
    await page.getByRole('button', { name: 'Quitar Agua de jamaica' }).click()
    await page.getByTestId('place-order').click()
    await page.waitForURL(/\/customer\/table\//)
    expect((await billOf(sessionId)).items.map((line) => line.name)).toEqual(['Taco de canasta'])

    await page.goto(`/customer/menu/${sessionId}`)
    await expect.poll(() => item('Agua de jamaica').getByTestId('sold-out').textContent()).toBe('Agotado')
    await expect.poll(() => item('Agua de jamaica').getByRole('link').count()).toBe(0)
    await screenshot(page, 'menu-sold-out-phone')

    // An English phone without JavaScript: the menu and the item's own link say it too.
    const english = await phonePage(browser(), { javaScriptEnabled: false })
    await english.page.goto(`/customer/menu/${sessionId}`)
    await openDisplayMenu(english.page)
    await english.page.getByRole('button', { name: /^EN/ }).click()
    await english.page.getByText('Sold out').waitFor()
    const card = english.page.getByTestId('menu-item').filter({ hasText: 'Agua de jamaica' })
    await expect.poll(() => card.getByTestId('sold-out').textContent()).toBe('Sold out')
    await screenshot(english.page, 'nojs-menu-sold-out-en-phone')
    // Its sheet, opened by its link from before it sold out.
    await english.page.goto(`/customer/menu/${sessionId}?item=${aguaId}`)
    await expect
      .poll(() => english.page.getByTestId('sold-out-notice').textContent())
      .toBe('This dish is sold out for now.')
    await expect.poll(() => english.page.getByTestId('add-with-options').count()).toBe(0)
    await screenshot(english.page, 'nojs-sheet-sold-out-en-phone')

    // Offered again: the same diner without JavaScript adds it from its sheet, two of them with a note.
    await staff.getByRole('button', { name: 'Volver a ofrecer: Agua de jamaica' }).click()
    await staff.getByRole('button', { name: 'Marcar agotado: Agua de jamaica' }).waitFor()
    await english.page.reload()
    await english.page.getByLabel('Quantity').fill('2')
    await english.page.getByLabel('Note for the kitchen (optional)').fill('no ice')
    await english.page.getByTestId('update-options').click()
    await expect.poll(() => english.page.getByTestId('add-with-options').textContent()).toBe('Add 2 · $70.00')
    await screenshot(english.page, 'nojs-sheet-quantity-note-en-phone')
    await english.page.getByTestId('add-with-options').click()
    await expect.poll(() => english.page.getByTestId('toast').textContent()).toContain('2 × Agua de jamaica')
    await expect.poll(() => english.page.getByTestId('cart-badge').textContent()).toBe('2')
    expect(errors).toEqual([])
  })
})
