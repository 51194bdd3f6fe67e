import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumForFile, DESKTOP, hydrated, phonePage, screenshot, signUpAndSignIn } from './browser'

const browser = chromiumForFile()

const toast = (page: Page) => page.getByTestId('toast').textContent()

describe('the menu builder', () => {
  it('builds a menu with two categories, items, a required modifier group and a PDF', async () => {
    const { page, errors } = await phonePage(browser(), DESKTOP)
    await signUpAndSignIn(page.request)
    await page.goto('/admin/menu-management')
    await hydrated(page, 'add-menu')
    expect(await page.getByText('Todavía no tienes menús.').count()).toBe(1)
    await page.getByTestId('add-menu').click()
    await page.getByRole('button', { name: 'Crear menú' }).click()
    await expect.poll(() => page.getByText('El nombre del menú es obligatorio').count()).toBe(1)
    await page.getByLabel('Nombre', { exact: true }).fill('Carta del Fogón')
    await page.getByLabel('Tipo').selectOption('lunch')
    await page.getByRole('button', { name: 'Crear menú' }).click()
    await page.waitForURL(/\/admin\/menu-builder\//)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Editar menú Carta del Fogón')
    expect(await page.getByText('Comida', { exact: true }).count()).toBeGreaterThan(0)

    await page.getByTestId('add-category').click()
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar', exact: true }).click()
    await expect.poll(() => page.getByText('El nombre de la categoría es obligatorio').count()).toBe(1)
    await page.getByLabel('Nombre de la categoría').fill('Tacos')
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar', exact: true }).click()
    await expect.poll(() => toast(page)).toContain('Categoría creada')
    await page.getByTestId('add-category').click()
    await page.getByLabel('Nombre de la categoría').fill('Bebidas')
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar', exact: true }).click()
    await expect
      .poll(() =>
        page
          .getByTestId('category-cards')
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading') })
          .count(),
      )
      .toBe(2)

    // Adding to a category fixes the chooser to it.
    await page.getByTestId('category-cards').getByRole('link', { name: 'Agregar platillo' }).first().click()
    await page.getByLabel('Nombre del platillo').fill('Taco al pastor')
    await page.getByLabel('Precio (MXN)').fill('0')
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar', exact: true }).click()
    await expect.poll(() => page.getByText('El precio debe ser un número positivo').count()).toBe(1)
    await page.getByLabel('Precio (MXN)').fill('32.50')
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar', exact: true }).click()
    await expect.poll(() => toast(page)).toContain('Platillo creado')
    expect(await page.getByTestId('items-by-category').textContent()).toContain('Taco al pastor · $32.50')

    await page.getByRole('link', { name: '+ Agregar platillo' }).click()
    await page.getByLabel('Nombre del platillo').fill('Agua de horchata')
    await page.getByLabel('Precio (MXN)').fill('35')
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar', exact: true }).click()
    await expect.poll(() => page.getByText('Debes seleccionar una categoría').count()).toBe(1)
    await page.getByLabel('Categoría').selectOption({ label: 'Bebidas' })
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar', exact: true }).click()
    await expect.poll(() => page.getByTestId('items-by-category').textContent()).toContain('Agua de horchata · $35.00')
    await screenshot(page, 'menu-builder-items-desktop')

    await page.getByRole('link', { name: 'Gestionar modificadores' }).first().click()
    await expect.poll(() => page.getByText('Modificadores de Taco al pastor').count()).toBe(1)
    await page.getByRole('link', { name: 'Agregar grupo de modificadores' }).click()
    await page.getByLabel('Nombre del grupo').fill('Salsa')
    await page.getByLabel(/^Obligatorio/).check()
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar', exact: true }).click()
    await expect.poll(() => toast(page)).toContain('Grupo creado')
    for (const [name, price, isDefault] of [
      ['Verde', '', true],
      ['Habanero', '5', false],
    ] as const) {
      await page.getByRole('link', { name: 'Agregar opción' }).click()
      await page.getByLabel('Nombre de la opción').fill(name)
      await page.getByLabel('Precio extra (MXN)').fill(price)
      if (isDefault) await page.getByLabel('Seleccionada por defecto').check()
      await page.getByRole('dialog').getByRole('button', { name: 'Guardar', exact: true }).click()
      await expect.poll(() => page.getByTestId('modifier-groups').textContent()).toContain(name)
    }
    const groups = await page.getByTestId('modifier-groups').textContent()
    for (const text of ['Salsa', 'Obligatorio', 'Verde', 'Predeterminada', 'Habanero', '+$5.00'])
      expect(groups).toContain(text)
    await screenshot(page, 'menu-builder-modifiers-desktop')

    await page.getByRole('link', { name: 'Volver a los platillos' }).click()
    // The items again, not the options still on screen while the page loads: the last "Eliminar" is then a dish's.
    await expect.poll(() => page.getByTestId('modifier-groups').count()).toBe(0)
    await page.getByRole('link', { name: 'Eliminar' }).last().click()
    expect(await page.getByRole('dialog').textContent()).toContain('Sus modificadores también se eliminarán.')
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click()
    await expect.poll(() => toast(page)).toContain('Platillo eliminado')
    expect(await page.getByTestId('items-by-category').textContent()).not.toContain('Agua de horchata')

    await page.getByLabel('Elegir PDF').setInputFiles({
      name: 'menu-de-temporada-2026.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% Mesa\n'),
    })
    expect(await page.getByTestId('pdf-chosen').textContent()).toBe('Elegido: menu-de-tempora…')
    await page.getByRole('button', { name: 'Guardar PDF' }).click()
    await expect.poll(() => toast(page)).toContain('PDF guardado')
    expect(await page.getByTestId('pdf-current').textContent()).toBe('PDF actual: menu-de-temporada-2026.pdf')
    await screenshot(page, 'menu-builder-categories-desktop')

    await page.goto('/admin/menu-management')
    await hydrated(page, 'menu-card')
    expect(await page.getByTestId('menu-card').textContent()).toContain('2 categorías · 1 platillo')
    await screenshot(page, 'menu-management-desktop')
    expect(errors).toEqual([])
  })
})
