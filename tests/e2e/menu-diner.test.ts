import { describe, expect, it } from 'vitest'
import { BASE_URL, billOf, chromiumForFile, hydrated, phonePage, screenshot, signUpAndSignIn } from './browser'

const browser = chromiumForFile()

describe('a diner and the menu’s modifiers', () => {
  it('chooses a paid option on a required group, orders, and finds the adjusted price on the bill', async () => {
    // The restaurant's menu, built through the API the builders use.
    const owner = await browser().newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Origin: BASE_URL } })
    const post = async <T>(path: string, data: unknown) => {
      const response = await owner.request.post(path, { data })
      expect(response.ok(), `${path} ${response.status()}`).toBe(true)
      return (await response.json()) as T
    }
    await signUpAndSignIn(owner.request, 'Taquería Modificada')
    const menu = await post<{ id: string }>('/api/menus', { name: 'Carta', type: 'regular' })
    const tacos = await post<{ id: string }>('/api/categories', { name: 'Tacos', menuId: menu.id })
    const taco = await post<{ id: string }>('/api/menu-items', {
      name: 'Taco al pastor',
      description: 'Con piña',
      price: 3250,
      categoryId: tacos.id,
    })
    await post('/api/menu-items', { name: 'Quesadilla', price: 4500, categoryId: tacos.id })
    const salsa = await post<{ id: string }>('/api/modifier-groups', {
      name: 'Salsa',
      required: true,
      multipleSelect: false,
      menuItemId: taco.id,
    })
    await post('/api/modifier-options', {
      name: 'Verde',
      priceAdjustment: 0,
      isDefault: true,
      modifierGroupId: salsa.id,
    })
    await post('/api/modifier-options', { name: 'Habanero', priceAdjustment: 500, modifierGroupId: salsa.id })
    const extras = await post<{ id: string }>('/api/modifier-groups', {
      name: 'Extras',
      required: false,
      multipleSelect: true,
      menuItemId: taco.id,
    })
    await post('/api/modifier-options', { name: 'Queso', priceAdjustment: 1200, modifierGroupId: extras.id })
    const table = await post<{ id: string; sessionId: string }>('/api/tables', { tableNumber: '3' })
    const upload = await owner.request.post('/api/menus/upload-pdf', {
      multipart: {
        menuId: menu.id,
        file: { name: 'carta.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') },
      },
    })
    expect(upload.status()).toBe(200)
    await owner.close()

    const { page, errors } = await phonePage(browser())
    await page.goto(`/customer/menu/${table.sessionId}`)
    await hydrated(page, 'menu-items')
    expect(
      await page.getByTestId('menu-pdfs').getByRole('link', { name: 'Ver menú en PDF' }).getAttribute('href'),
    ).toBe(`/api/menus/${menu.id}/pdf`)
    await page.getByTestId('menu-item').filter({ hasText: 'Taco al pastor' }).getByTestId('choose-options').click()
    const sheet = page.getByRole('dialog')
    await sheet.waitFor()
    await expect.poll(() => sheet.getByLabel('Verde').isChecked()).toBe(true)
    await expect.poll(() => page.getByTestId('add-with-options').textContent()).toBe('Agregar · $32.50')
    await sheet.getByLabel('Habanero').check()
    await sheet.getByLabel('Queso').check()
    await expect.poll(() => page.getByTestId('add-with-options').textContent()).toBe('Agregar · $49.50')
    await screenshot(page, 'menu-options-phone')
    await page.getByTestId('add-with-options').click()
    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toContain('Taco al pastor (Salsa: Habanero · Extras: Queso)')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await page.getByTestId('menu-item').filter({ hasText: 'Quesadilla' }).getByTestId('add-dish').click()
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('2')

    await page.getByTestId('menu-place-order').click()
    await page.waitForURL(/\/customer\/cart\//)
    await hydrated(page, 'cart-lines')
    await expect.poll(() => page.getByTestId('cart-lines').textContent()).toContain('Salsa: Habanero · Extras: Queso')
    await expect.poll(() => page.getByTestId('cart-subtotal').textContent()).toBe('$94.50')
    await screenshot(page, 'cart-options-phone')
    await page.getByTestId('place-order').click()
    await page.waitForURL(/\/customer\/table\//)
    await expect.poll(() => page.getByTestId('left-to-pay').textContent()).toBe('$94.50')
    await expect.poll(() => page.getByText('Salsa: Habanero · Extras: Queso').count()).toBe(1)
    await screenshot(page, 'bill-options-phone')
    expect((await billOf(table.sessionId)).items.map((item) => item.name)).toEqual(['Taco al pastor', 'Quesadilla'])
    expect(errors).toEqual([])
  })
})
