import type { APIRequestContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { makePng } from '../png'
import { BASE_URL, chromiumForFile, DESKTOP, hydrated, phonePage, screenshot, signUpAndSignIn } from './browser'

const browser = chromiumForFile()

const photoFile = async (name: string, width: number, height: number) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(await makePng(width, height)),
})

/** A restaurant whose menu has a dish with a photo, tags and English words, a plain one, and a customizable one with a photo; built through the API. */
async function dressedRestaurant(request: APIRequestContext) {
  const post = async <T>(path: string, data: unknown) => {
    const response = await request.post(path, { data, headers: { Origin: BASE_URL } })
    expect(response.ok(), `${path} ${response.status()} ${await response.text()}`).toBe(true)
    return (await response.json()) as T
  }
  await signUpAndSignIn(request, 'Fonda de las Fotos')
  const menu = await post<{ id: string }>('/api/menus', { name: 'Carta' })
  const mains = await post<{ id: string }>('/api/categories', {
    name: 'Platos fuertes',
    nameEn: 'Mains',
    menuId: menu.id,
  })
  const enchiladas = await post<{ id: string }>('/api/menu-items', {
    name: 'Enchiladas suizas',
    description: 'Con crema y queso gratinado',
    nameEn: 'Swiss enchiladas',
    descriptionEn: 'With cream and melted cheese',
    price: 14500,
    categoryId: mains.id,
    tags: ['gluten', 'dairy', 'spicy', 'vegetarian'],
  })
  await post('/api/menu-items', {
    name: 'Agua de jamaica',
    description: 'De la casa',
    price: 3500,
    categoryId: mains.id,
  })
  const taco = await post<{ id: string }>('/api/menu-items', {
    name: 'Taco de pescado',
    nameEn: 'Fish taco',
    price: 4500,
    categoryId: mains.id,
    tags: ['fish', 'gluten'],
  })
  const tortilla = await post<{ id: string }>('/api/modifier-groups', {
    name: 'Tortilla',
    required: true,
    menuItemId: taco.id,
  })
  await post('/api/modifier-options', { name: 'Maíz', isDefault: true, modifierGroupId: tortilla.id })
  for (const [id, file] of [
    [enchiladas.id, await photoFile('enchiladas.png', 1200, 800)],
    [taco.id, await photoFile('taco.png', 900, 600)],
  ] as const) {
    const upload = await request.post(`/api/menu-items/${id}/photo`, {
      multipart: { file },
      headers: { Origin: BASE_URL },
    })
    expect(upload.status(), await upload.text()).toBe(200)
  }
  const table = await post<{ sessionId: string }>('/api/tables', { tableNumber: '8' })
  return { sessionId: table.sessionId, taco: taco.id }
}

/** Each dish photo on the page: loaded, at the size its width and height attributes reserved. */
async function photos(page: Page) {
  return page.getByTestId('dish-photo').evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => ({
      alt: image.alt,
      loaded: image.complete && image.naturalWidth > 0,
      ratio: Number(image.getAttribute('width')) / Number(image.getAttribute('height')),
      box: {
        width: Math.round(image.getBoundingClientRect().width),
        height: Math.round(image.getBoundingClientRect().height),
      },
    })),
  )
}

describe('a diner and the dishes’ photos, tags and English names', () => {
  it.each([
    ['es', true],
    ['en', true],
    ['es', false],
    ['en', false],
  ] as const)(
    'reads the menu in %s at 390 px (JavaScript %s) with photos, tags and the dish’s name in that language',
    async (language, javaScript) => {
      const owner = await browser().newContext({ baseURL: BASE_URL })
      const { sessionId, taco } = await dressedRestaurant(owner.request)
      await owner.close()

      const { page, errors } = await phonePage(browser(), { javaScriptEnabled: javaScript })
      await page.goto(`/customer/menu/${sessionId}?lng=${language}`)
      if (javaScript) await hydrated(page, 'menu-items')
      const english = language === 'en'
      const list = page.getByTestId('menu-items')
      await expect.poll(() => list.textContent()).toContain(english ? 'Swiss enchiladas' : 'Enchiladas suizas')
      await expect.poll(() => list.textContent()).not.toContain(english ? 'Enchiladas suizas' : 'Swiss enchiladas')
      // A dish without English stays in Spanish for everyone.
      await expect.poll(() => list.textContent()).toContain('Agua de jamaica')
      const first = page.getByTestId('menu-item').first()
      for (const word of english
        ? ['Spicy', 'Vegetarian', 'Contains:', 'Gluten', 'Dairy']
        : ['Picante', 'Vegetariano', 'Contiene:', 'Gluten', 'Lácteos'])
        await expect.poll(() => first.getByTestId('dish-tags').textContent(), { message: word }).toContain(word)
      await expect.poll(async () => (await photos(page)).every((photo) => photo.loaded)).toBe(true)
      const shown = await photos(page)
      expect(shown.map((photo) => photo.alt)).toEqual(
        english ? ['Swiss enchiladas', 'Fish taco'] : ['Enchiladas suizas', 'Taco de pescado'],
      )
      expect(shown.map((photo) => photo.box)).toEqual([
        { width: 80, height: 80 },
        { width: 80, height: 80 },
      ])
      // The plain dish has no photo and no tags: it looks as before.
      const plain = page.getByTestId('menu-item').nth(1)
      await expect.poll(() => plain.getByTestId('dish-photo').count()).toBe(0)
      await expect.poll(() => plain.getByTestId('dish-tags').count()).toBe(0)
      await screenshot(page, `menu-photos-${language}-${javaScript ? 'js' : 'nojs'}-phone`)

      // The item sheet: the larger photo and the tags, above the options.
      await page.goto(`/customer/menu/${sessionId}?item=${taco}&lng=${language}`)
      const sheet = page.getByRole('dialog')
      await sheet.waitFor()
      await expect
        .poll(() => sheet.getByRole('heading').textContent())
        .toContain(english ? 'Fish taco' : 'Taco de pescado')
      const big = sheet.getByTestId('dish-photo')
      await expect
        .poll(() => big.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true)
      const box = await big.boundingBox()
      expect(box!.width).toBeGreaterThan(300)
      await expect
        .poll(() => big.evaluate((image: HTMLImageElement) => image.currentSrc))
        .toMatch(/\/menu-photos\/[^/]+\/(480|900)\.webp$/)
      await expect.poll(() => sheet.getByTestId('dish-tags').textContent()).toContain(english ? 'Fish' : 'Pescado')
      await screenshot(page, `menu-sheet-photo-${language}-${javaScript ? 'js' : 'nojs'}-phone`)
      expect(errors).toEqual([])

      if (!javaScript) return
      const wide = await phonePage(browser(), DESKTOP)
      await wide.page.goto(`/customer/menu/${sessionId}?lng=${language}`)
      await hydrated(wide.page, 'menu-items')
      await expect.poll(async () => (await photos(wide.page)).map((photo) => photo.loaded)).toEqual([true, true])
      await screenshot(wide.page, `menu-photos-${language}-desktop`)
      expect(wide.errors).toEqual([])
    },
  )
})

describe('the staff builder and a dish’s photo, tags and English name', () => {
  it.each([true, false])('edits a dish and uploads its photo at 390 px (JavaScript %s)', async (javaScript) => {
    const { page, errors } = await phonePage(browser(), { javaScriptEnabled: javaScript })
    await signUpAndSignIn(page.request, 'Fonda del Constructor')
    const post = async <T>(path: string, data: unknown) =>
      (await (await page.request.post(path, { data, headers: { Origin: BASE_URL } })).json()) as T
    const menu = await post<{ id: string }>('/api/menus', { name: 'Carta' })
    const category = await post<{ id: string }>('/api/categories', { name: 'Platos fuertes', menuId: menu.id })
    await post('/api/menu-items', {
      name: 'Chiles en nogada',
      description: 'Temporada de agosto',
      price: 26000,
      categoryId: category.id,
    })

    await page.goto(`/admin/menu-builder/${menu.id}?tab=items`)
    if (javaScript) await hydrated(page, 'edit-item')
    await page.getByTestId('edit-item').click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    await dialog.getByLabel('Nueces').check()
    await dialog.getByLabel('Lácteos').check()
    await dialog.getByLabel('Vegano').check()
    await dialog.getByLabel('Nombre en inglés').fill('Stuffed poblano peppers')
    await dialog.getByRole('button', { name: 'Guardar', exact: true }).click()
    // A vegan dish with dairy is refused, with the reason, and nothing is saved.
    await expect
      .poll(() => page.getByText('Un platillo vegano no puede contener pescado, mariscos, huevo ni lácteos').count())
      .toBeGreaterThan(0)
    await page.getByRole('dialog').getByLabel('Vegano').uncheck()
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar', exact: true }).click()
    await expect.poll(() => page.getByTestId('builder-item').textContent()).toContain('Stuffed poblano peppers')
    await expect.poll(() => page.getByTestId('builder-item').getByTestId('dish-tags').textContent()).toContain('Nueces')

    await page.getByTestId('edit-item').click()
    const editing = page.getByRole('dialog')
    await editing.getByTestId('photo-file').setInputFiles(await photoFile('chiles-en-nogada.png', 1000, 750))
    await editing.getByRole('button', { name: 'Subir foto' }).click()
    const preview = page.getByRole('dialog').getByRole('img', { name: 'Foto actual de Chiles en nogada' })
    await preview.waitFor()
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true)
    // The form starts afresh on the new photo: the file just sent is no longer named as chosen.
    await expect.poll(() => page.getByText('Elegida:').count()).toBe(0)
    await screenshot(page, `menu-builder-photo-${javaScript ? 'js' : 'nojs'}-phone`, { fold: true })

    // A file that is not a photo is refused under the chooser.
    await page
      .getByRole('dialog')
      .getByTestId('photo-file')
      .setInputFiles({ name: 'notas.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('no soy una foto') })
    await page.getByRole('dialog').getByRole('button', { name: 'Subir foto' }).click()
    await expect
      .poll(() => page.getByTestId('photo-error').textContent())
      .toContain('Solo se aceptan fotos JPEG, PNG o WebP')

    await page.goto(`/admin/menu-builder/${menu.id}?tab=items`)
    await expect.poll(() => page.getByTestId('builder-item').getByTestId('dish-photo').count()).toBe(1)
    expect(errors).toEqual([])
  })

  it('shows the builder’s item dialog with a photo on a desktop', async () => {
    const { page, errors } = await phonePage(browser(), DESKTOP)
    await signUpAndSignIn(page.request, 'Fonda de Escritorio')
    const post = async <T>(path: string, data: unknown) =>
      (await (await page.request.post(path, { data, headers: { Origin: BASE_URL } })).json()) as T
    const menu = await post<{ id: string }>('/api/menus', { name: 'Carta' })
    const category = await post<{ id: string }>('/api/categories', { name: 'Platos fuertes', menuId: menu.id })
    const item = await post<{ id: string }>('/api/menu-items', {
      name: 'Mole poblano',
      price: 21000,
      categoryId: category.id,
      tags: ['peanut', 'sesame', 'spicy'],
      nameEn: 'Mole poblano',
    })
    await page.request.post(`/api/menu-items/${item.id}/photo`, {
      multipart: { file: await photoFile('mole.png', 800, 600) },
      headers: { Origin: BASE_URL },
    })
    await page.goto(`/admin/menu-builder/${menu.id}?tab=items&edit=item:${item.id}`)
    await hydrated(page, 'item-photo')
    await screenshot(page, 'menu-builder-photo-desktop', { fold: true })
    expect(errors).toEqual([])
  })
})
