import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumForFile, DESKTOP, hydrated, phonePage, screenshot, signUpAndSignIn } from './browser'

const browser = chromiumForFile()

const toast = (page: Page) => page.getByTestId('toast').textContent()
const dialog = (page: Page) => page.getByRole('dialog')
const save = (page: Page) => dialog(page).getByRole('button', { name: 'Guardar', exact: true }).click()
const card = (page: Page, name: string) =>
  page.getByTestId('category-card').filter({ has: page.getByRole('heading', { name, exact: true }) })

/** Links and buttons smaller than 44 px on either side, by their text. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'main a, main button, dialog a, dialog button, main select, dialog select, main input, dialog input',
      ),
    ]
      .filter((element) => element.getAttribute('type') !== 'hidden')
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
      .map(
        ({ element }) => element.textContent || element.getAttribute('aria-label') || element.outerHTML.slice(0, 60),
      ),
  )

describe('the sidebar menu builder', () => {
  it('creates and selects menus, adds categories and items in pesos, edits and deletes them', async () => {
    const { page, errors } = await phonePage(browser(), DESKTOP)
    await signUpAndSignIn(page.request)
    await page.goto('/admin/menu')
    await hydrated(page, 'new-menu')
    expect(await page.getByText('Todavía no tienes menús. Crea el primero.').count()).toBe(1)
    await screenshot(page, 'menu-sidebar-empty-desktop')

    await page.getByTestId('new-menu').click()
    await dialog(page).getByRole('button', { name: 'Crear menú' }).click()
    await expect.poll(() => dialog(page).getByText('El nombre del menú es obligatorio').count()).toBe(1)
    await page.getByLabel('Nombre', { exact: true }).fill('Carta del Fogón')
    await page.getByLabel('Tipo').selectOption('lunch')
    await dialog(page).getByRole('button', { name: 'Crear menú' }).click()
    await page.waitForURL(/\/admin\/menu\?menu=/)
    const menuId = new URL(page.url()).searchParams.get('menu')
    await expect
      .poll(() => page.locator('[aria-current="page"]').getAttribute('aria-label'))
      .toBe('Elegido: Carta del Fogón')
    expect(await page.locator('#menu-title').textContent()).toBe('Carta del Fogón')
    expect(await page.getByText('Este menú todavía no tiene categorías.').count()).toBe(1)

    await page.getByTestId('add-category').click()
    await save(page)
    await expect.poll(() => dialog(page).getByText('El nombre de la categoría es obligatorio').count()).toBe(1)
    await page.getByLabel('Nombre de la categoría').fill('Tacos')
    await save(page)
    await expect.poll(() => toast(page)).toContain('Categoría creada')
    await page.getByTestId('add-category').click()
    await page.getByLabel('Nombre de la categoría').fill('Bebidas')
    await save(page)
    await expect.poll(() => page.getByTestId('category-card').count()).toBe(2)
    expect(new URL(page.url()).searchParams.get('menu')).toBe(menuId)

    // From a category, the chooser shows that category and cannot be changed.
    await card(page, 'Tacos').getByRole('link', { name: 'Agregar platillo' }).click()
    const fixed = dialog(page).getByLabel('Categoría', { exact: true })
    await fixed.waitFor()
    expect(await fixed.isDisabled()).toBe(true)
    expect(await fixed.locator('option:checked').textContent()).toBe('Tacos')
    await page.getByLabel('Nombre del platillo').fill('Taco al pastor')
    await page.getByLabel('Precio (MXN)').fill('0')
    await save(page)
    await expect.poll(() => dialog(page).getByText('El precio debe ser un número positivo').count()).toBe(1)
    await page.getByLabel('Precio (MXN)').fill('32.50')
    await save(page)
    await expect.poll(() => toast(page)).toContain('Platillo creado')
    expect(await card(page, 'Tacos').getByTestId('item-row').textContent()).toMatch(
      /^Taco al pastorMarcar agotado\$32\.50/,
    )

    // The general button lets the owner choose the category.
    await page.getByTestId('add-item').click()
    const chooser = dialog(page).getByLabel('Categoría', { exact: true })
    await chooser.waitFor()
    expect(await chooser.isEnabled()).toBe(true)
    await page.getByLabel('Nombre del platillo').fill('Agua de horchata')
    await page.getByLabel('Precio (MXN)').fill('35')
    await save(page)
    await expect.poll(() => dialog(page).getByText('Debes seleccionar una categoría').count()).toBe(1)
    await chooser.selectOption({ label: 'Bebidas' })
    await save(page)
    await expect
      .poll(() => card(page, 'Bebidas').getByTestId('item-row').textContent())
      .toMatch(/^Agua de horchataMarcar agotado\$35\.00/)

    // Editing hides the chooser; the price comes back in pesos.
    await page.getByRole('link', { name: 'Editar platillo: Taco al pastor' }).click()
    await page.getByLabel('Precio (MXN)').waitFor()
    expect(await dialog(page).getByRole('heading', { level: 2 }).textContent()).toBe('Editar platillo')
    expect(await dialog(page).getByLabel('Categoría', { exact: true }).count()).toBe(0)
    expect(await page.getByLabel('Precio (MXN)').inputValue()).toBe('32.50')
    await page.getByLabel('Precio (MXN)').fill('38')
    await save(page)
    await expect.poll(() => toast(page)).toContain('Platillo actualizado')
    expect(await card(page, 'Tacos').getByTestId('item-row').textContent()).toMatch(
      /^Taco al pastorMarcar agotado\$38\.00/,
    )

    // A second menu is selected when made; the first can be chosen again.
    await page.getByTestId('new-menu').click()
    await page.getByLabel('Nombre', { exact: true }).fill('Desayunos')
    await page.getByLabel('Tipo').selectOption('breakfast')
    await dialog(page).getByRole('button', { name: 'Crear menú' }).click()
    await expect.poll(() => page.locator('#menu-title').textContent()).toBe('Desayunos')
    await page.getByRole('link', { name: 'Elegir: Carta del Fogón' }).click()
    await expect.poll(() => page.locator('#menu-title').textContent()).toBe('Carta del Fogón')
    expect(await page.getByTestId('menu-list').getByRole('listitem').count()).toBe(2)
    expect(await smallTargets(page)).toEqual([])
    await screenshot(page, 'menu-sidebar-desktop')

    // Deleting asks first and says what goes with it.
    await page.getByRole('link', { name: 'Eliminar categoría: Bebidas' }).click()
    await dialog(page).waitFor()
    expect(await dialog(page).textContent()).toContain('Sus platillos también se eliminarán.')
    await dialog(page).getByRole('button', { name: 'Eliminar' }).click()
    await expect.poll(() => toast(page)).toContain('Categoría eliminada')
    expect(await page.getByTestId('category-card').count()).toBe(1)
    expect(await page.getByText('Agua de horchata').count()).toBe(0)

    await page.getByRole('link', { name: 'Eliminar menú: Desayunos' }).click()
    await dialog(page).waitFor()
    expect(await dialog(page).textContent()).toContain('Sus categorías y platillos también se eliminarán.')
    await screenshot(page, 'menu-sidebar-delete-menu-desktop')
    await dialog(page).getByRole('button', { name: 'Eliminar' }).click()
    await expect.poll(() => toast(page)).toContain('Menú eliminado')
    expect(await page.getByTestId('menu-list').getByRole('listitem').count()).toBe(1)
    expect(new URL(page.url()).searchParams.get('menu')).toBe(menuId)
    expect(errors).toEqual([])

    // On a phone the menus stack above the chosen menu.
    const phone = await phonePage(browser(), { storageState: await page.context().storageState() })
    await phone.page.goto(`/admin/menu?menu=${menuId}`)
    await hydrated(phone.page, 'selected-menu')
    const sidebar = await phone.page.getByRole('complementary').boundingBox()
    const selected = await phone.page.getByTestId('selected-menu').boundingBox()
    expect(sidebar && selected && sidebar.y + sidebar.height <= selected.y).toBe(true)
    expect(await smallTargets(phone.page)).toEqual([])
    await screenshot(phone.page, 'menu-sidebar-phone')
    await phone.page.getByRole('link', { name: 'Editar platillo: Taco al pastor' }).click()
    await phone.page.getByLabel('Precio (MXN)').waitFor()
    await screenshot(phone.page, 'menu-sidebar-edit-item-phone')
    expect(phone.errors).toEqual([])
  })
})
