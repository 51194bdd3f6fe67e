import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumForFile, DESKTOP, hydrated, phonePage, screenshot, signUpAndSignIn, themeCookie } from './browser'

const browser = chromiumForFile()

const toast = (page: Page) => page.getByTestId('toast').textContent()
const dialog = (page: Page) => page.getByRole('dialog')
const save = (page: Page) => dialog(page).getByRole('button', { name: 'Guardar', exact: true }).click()
const group = (page: Page, name: string) =>
  page.getByTestId('modifier-group').filter({ has: page.getByRole('heading', { name, exact: false }) })

/** Links and buttons smaller than 44 px on either side, by their text. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main a, main button, dialog a, dialog button, main select, main input')]
      // Hidden fields, check boxes (their label is the target) and the file input behind its styled label are left out.
      .filter((element) => !['hidden', 'checkbox', 'file'].includes(element.getAttribute('type') ?? ''))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
      .map(
        ({ element }) => element.textContent || element.getAttribute('aria-label') || element.outerHTML.slice(0, 60),
      ),
  )

/** A dish added from the items tab, in a category chosen by name. */
async function addDish(page: Page, name: string, price: string, category: string) {
  await page.getByRole('link', { name: '+ Agregar platillo' }).click()
  await page.getByLabel('Nombre del platillo').fill(name)
  await page.getByLabel('Precio (MXN)').fill(price)
  await dialog(page).getByLabel('Categoría', { exact: true }).selectOption({ label: category })
  await save(page)
  await expect.poll(() => toast(page)).toContain('Platillo creado')
}

describe('the one menu editor', () => {
  it('builds menus, categories, dishes and a modifier group shared by two dishes, reorders them, and deletes', async () => {
    const { page, errors } = await phonePage(browser(), DESKTOP)
    await signUpAndSignIn(page.request)
    // The old addresses lead here.
    await page.goto('/admin/menu-management')
    await page.waitForURL(/\/admin\/menu-builder$/)
    await hydrated(page, 'empty-state-action')
    await expect.poll(() => page.getByText('Todavía no tienes menús. Crea el primero.').count()).toBe(1)
    await page.getByTestId('empty-state-action').click()
    await dialog(page).getByRole('button', { name: 'Crear menú' }).click()
    await expect.poll(() => dialog(page).getByText('El nombre del menú es obligatorio').count()).toBe(1)
    await page.getByLabel('Nombre', { exact: true }).fill('Carta del Fogón')
    await page.getByLabel('Tipo').selectOption('lunch')
    await dialog(page).getByRole('button', { name: 'Crear menú' }).click()
    await page.waitForURL(/\/admin\/menu-builder\/[0-9a-f-]+$/)
    await expect.poll(() => page.locator('#menu-title').textContent()).toBe('Editar menú Carta del Fogón')

    for (const name of ['Tacos', 'Bebidas']) {
      await page.getByTestId('add-category').click()
      await page.getByLabel('Nombre de la categoría').fill(name)
      await save(page)
      await expect.poll(() => toast(page)).toContain('Categoría creada')
    }
    // Bebidas first, by its button.
    await page.getByRole('button', { name: 'Subir Bebidas' }).click()
    await expect
      .poll(() => page.getByTestId('category-cards').getByRole('heading').allTextContents())
      .toEqual(['Bebidas', 'Tacos'])

    await page.getByRole('link', { name: 'Platillos', exact: true }).click()
    await addDish(page, 'Taco al pastor', '32.50', 'Tacos')
    await addDish(page, 'Gringa', '85.50', 'Tacos')
    await addDish(page, 'Agua de horchata', '35', 'Bebidas')

    // A group written once, its options edited where they are listed.
    await page.getByRole('link', { name: 'Modificadores', exact: true }).click()
    await page.getByTestId('add-group').click()
    await page.getByLabel('Nombre del grupo').fill('Salsa')
    await page.getByLabel('Nombre en inglés (opcional)').fill('Sauce')
    await page.getByLabel(/^Obligatorio/).check()
    await save(page)
    await expect.poll(() => toast(page)).toContain('Grupo creado')
    for (const [name, english, price] of [
      ['Verde', 'Green', ''],
      ['Habanero', 'Habanero', '5'],
    ] as const) {
      const adding = page.getByRole('form', { name: 'Agregar opción a Salsa' })
      await adding.getByLabel('Nueva opción').fill(name)
      await adding.getByLabel('Nombre en inglés (opcional)').fill(english)
      await adding.getByLabel('Precio extra (MXN)').fill(price)
      await adding.getByRole('button', { name: 'Agregar opción' }).click()
      await expect.poll(() => group(page, 'Salsa').getByTestId('option-row').count()).toBe(name === 'Verde' ? 1 : 2)
    }
    const habanero = group(page, 'Salsa').getByTestId('option-row').nth(1)
    await habanero.getByLabel('Precio extra (MXN)').fill('7')
    await habanero.getByRole('button', { name: 'Guardar Habanero' }).click()
    await expect.poll(() => toast(page)).toContain('Opción actualizada')
    await expect
      .poll(() => group(page, 'Salsa').getByTestId('group-dishes').textContent())
      .toBe('Ningún platillo lo ofrece todavía: elígelo al editar un platillo.')
    await screenshot(page, 'menu-editor-modifiers-desktop')

    // Offered on two dishes from their own forms.
    await page.getByRole('link', { name: 'Platillos', exact: true }).click()
    for (const dish of ['Taco al pastor', 'Gringa']) {
      await page.getByRole('link', { name: `Editar ${dish}` }).click()
      await dialog(page).getByTestId('dish-modifier-groups').getByLabel('Salsa').check()
      await save(page)
      await expect.poll(() => toast(page)).toContain('Platillo actualizado')
    }
    await expect
      .poll(() => page.getByTestId('dish-groups').allTextContents())
      .toEqual(['Modificadores: Salsa', 'Modificadores: Salsa'])
    await page.getByRole('link', { name: 'Modificadores', exact: true }).click()
    await expect
      .poll(() => group(page, 'Salsa').getByTestId('group-dishes').textContent())
      .toBe('Lo ofrecen: Taco al pastor, Gringa')

    // A mouse drags the option by its grip; the order is saved as the buttons save it.
    const rows = group(page, 'Salsa').getByTestId('option-row')
    await rows.nth(1).getByTestId('drag-handle').dragTo(rows.nth(0))
    await expect.poll(() => toast(page)).toContain('Orden guardado')
    await expect
      .poll(() =>
        rows.evaluateAll((all) => all.map((row) => row.querySelector('input[name="name"]')?.getAttribute('value'))),
      )
      .toEqual(['Habanero', 'Verde'])
    await expect.poll(() => smallTargets(page)).toEqual([])

    // A second menu opens when made; the bar goes back to the first.
    await page.getByTestId('new-menu').click()
    await page.getByLabel('Nombre', { exact: true }).fill('Desayunos')
    await dialog(page).getByRole('button', { name: 'Crear menú' }).click()
    await expect.poll(() => page.locator('#menu-title').textContent()).toBe('Editar menú Desayunos')
    await page.getByTestId('menu-list').getByRole('link', { name: 'Carta del Fogón' }).click()
    await expect.poll(() => page.locator('#menu-title').textContent()).toBe('Editar menú Carta del Fogón')
    await screenshot(page, 'menu-editor-desktop')

    await page.getByRole('link', { name: 'Eliminar menú' }).click()
    await expect.poll(() => dialog(page).textContent()).toContain('Sus categorías y platillos también se eliminarán.')
    await dialog(page).getByRole('button', { name: 'Eliminar' }).click()
    await expect.poll(() => toast(page)).toContain('Menú eliminado')
    await expect.poll(() => page.locator('#menu-title').textContent()).toBe('Editar menú Desayunos')
    // The group is the restaurant's: it outlives the menu its dishes were on.
    await page.getByRole('link', { name: 'Modificadores', exact: true }).click()
    await expect
      .poll(() => group(page, 'Salsa').getByTestId('group-dishes').textContent())
      .toBe('Ningún platillo lo ofrece todavía: elígelo al editar un platillo.')
    expect(errors).toEqual([])

    // On a phone, in English and dark: the same editor, every target big enough for a thumb.
    const context = { storageState: await page.context().storageState() }
    const phone = await phonePage(browser(), context)
    await phone.page.context().addCookies([themeCookie('dark')])
    await phone.page.goto('/admin/menu-builder?tab=modifiers&lng=en')
    await hydrated(phone.page, 'add-group')
    await expect.poll(() => phone.page.getByRole('heading', { name: 'Modifier sets' }).count()).toBe(1)
    await expect.poll(() => smallTargets(phone.page)).toEqual([])
    await screenshot(phone.page, 'menu-editor-modifiers-phone-en-dark')
    await phone.page.getByRole('link', { name: 'Categories', exact: true }).click()
    await phone.page.getByTestId('add-category').waitFor()
    await screenshot(phone.page, 'menu-editor-phone-en-dark')
    expect(phone.errors).toEqual([])
  })
})
