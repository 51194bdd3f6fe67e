import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { webpSize } from '~/domain/menu-photos'
import { makePng } from '../png'
import { getPage, modifierGroupStatements, ORIGIN, postForm, readSession, seedTable } from './fixtures'
import { call, signedInOwner } from './staff'

type WireItem = {
  id: string
  name: string
  nameEn: string | null
  descriptionEn: string | null
  tags: string[]
  photo: { sizes: { url: string; width: number; height: number }[] } | null
}

const row = <T>(sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .first<T>()
const itemRow = (id: string) =>
  row<{
    photo_id: string | null
    photo_sizes: string | null
    tags: string
    name_en: string | null
    description_en: string | null
  }>('SELECT photo_id, photo_sizes, tags, name_en, description_en FROM menu_items WHERE id = ?', id)

/** Every object kept in the photos' bucket under a photo id. */
async function storedKeys(photoId: string | null | undefined): Promise<string[]> {
  if (!photoId) return []
  const listed = await env.MENU_PHOTOS.list({ prefix: `${photoId}/` })
  return listed.objects.map((object) => object.key).sort()
}

async function allKeys(): Promise<string[]> {
  return (await env.MENU_PHOTOS.list()).objects.map((object) => object.key)
}

/** An owner with a menu, a category and one item, made through the API. */
async function ownerWithItem() {
  const owner = await signedInOwner()
  const menu = (await (await call('POST', '/api/menus', { name: 'Carta' }, owner.cookie)).json()) as { id: string }
  const category = (await (
    await call('POST', '/api/categories', { name: 'Platos fuertes', menuId: menu.id }, owner.cookie)
  ).json()) as { id: string }
  const item = (await (
    await call(
      'POST',
      '/api/menu-items',
      { name: 'Enchiladas suizas', description: 'Con crema y queso', price: 14500, categoryId: category.id },
      owner.cookie,
    )
  ).json()) as WireItem
  return { owner, menu, category, item, builder: `/admin/menu-builder/${menu.id}` }
}

/** The builder's photo form, sent as the browser sends it: multipart, from our own origin. */
function uploadThroughBuilder(builder: string, cookie: string, itemId: string, file: Blob, name: string) {
  const form = new FormData()
  form.set('intent', 'photo.upload')
  form.set('id', itemId)
  form.set('file', file, name)
  const page = builder.includes('?') ? builder : `${builder}?tab=items&edit=item:${itemId}`
  return SELF.fetch(`${ORIGIN}${page}`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host },
    body: form,
    redirect: 'manual',
  })
}

const png = async (width: number, height: number) => new Blob([await makePng(width, height)], { type: 'image/png' })

/** The `<img>` tags a page drew, before its hydration data. */
const images = async (response: Response) =>
  ((await response.text()).split('<script')[0]!.match(/<img [^>]*>/g) ?? []) as string[]

describe('dish photos', () => {
  it('a photo sent through the builder’s form is kept in three WebP widths with their real sizes, and served for good', async () => {
    const { owner, item, builder } = await ownerWithItem()
    const sent = await uploadThroughBuilder(builder, owner.cookie, item.id, await png(1200, 800), 'enchiladas.png')
    expect(sent.status).toBe(302)
    // Back on the item's dialog, which shows the new photo.
    expect(sent.headers.get('Location')).toBe(`${builder}?tab=items&edit=item%3A${item.id}`)
    const stored = await itemRow(item.id)
    expect(JSON.parse(stored!.photo_sizes!)).toEqual([
      { width: 160, height: 107 },
      { width: 480, height: 320 },
      { width: 960, height: 640 },
    ])
    expect(await storedKeys(stored!.photo_id)).toEqual([
      `${stored!.photo_id}/160.webp`,
      `${stored!.photo_id}/480.webp`,
      `${stored!.photo_id}/960.webp`,
    ])

    const served = await getPage(`/menu-photos/${stored!.photo_id}/480.webp`)
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/webp')
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(webpSize(new Uint8Array(await served.arrayBuffer()))).toEqual({ width: 480, height: 320 })
    // Staff see the same public file: their session cookie does not make it private.
    const asStaff = await getPage(`/menu-photos/${stored!.photo_id}/160.webp`, owner.cookie)
    expect(asStaff.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const again = await SELF.fetch(`${ORIGIN}/menu-photos/${stored!.photo_id}/160.webp`, {
      headers: { 'If-None-Match': asStaff.headers.get('ETag')! },
    })
    expect(again.status).toBe(304)
    expect((await getPage(`/menu-photos/${stored!.photo_id}/300.webp`)).status).toBe(404)
    expect((await getPage(`/menu-photos/${stored!.photo_id}/480.png`)).status).toBe(404)

    const dialog = await images(await getPage(`${builder}?tab=items&edit=item:${item.id}`, owner.cookie))
    expect(dialog.find((tag) => tag.includes('alt="Foto actual de Enchiladas suizas"'))).toMatch(
      /src="\/menu-photos\/[^"]+\/480\.webp" srcSet="[^"]+160w, [^"]+480w, [^"]+960w"[^>]* width="480" height="320"/,
    )
  })

  it('a photo narrower than the widest size is kept at its own width, never enlarged', async () => {
    const { owner, item, builder } = await ownerWithItem()
    expect((await uploadThroughBuilder(builder, owner.cookie, item.id, await png(300, 200), 'taco.png')).status).toBe(
      302,
    )
    expect(JSON.parse((await itemRow(item.id))!.photo_sizes!)).toEqual([
      { width: 160, height: 107 },
      { width: 300, height: 200 },
    ])
  })

  it('refuses a file that is not a photo, one that only starts like one, one over 10 MB and a JSON call, keeping nothing', async () => {
    const { owner, item, builder } = await ownerWithItem()
    const before = await allKeys()
    const text = await uploadThroughBuilder(
      builder,
      owner.cookie,
      item.id,
      new Blob(['no soy una foto'], { type: 'image/jpeg' }),
      'foto.jpg',
    )
    expect(text.status).toBe(415)
    expect(await text.text()).toContain('Solo se aceptan fotos JPEG, PNG o WebP')
    const broken = new Uint8Array(await makePng(40, 40)).slice(0, 60)
    const fake = await uploadThroughBuilder(
      builder,
      owner.cookie,
      item.id,
      new Blob([broken], { type: 'image/png' }),
      'rota.png',
    )
    expect(fake.status).toBe(415)
    expect(await fake.text()).toContain('No pudimos leer esa foto')
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set([0xff, 0xd8, 0xff, 0xe0])
    const tooBig = await uploadThroughBuilder(
      builder,
      owner.cookie,
      item.id,
      new Blob([big], { type: 'image/jpeg' }),
      'enorme.jpg',
    )
    expect(tooBig.status).toBe(413)
    expect(await tooBig.text()).toContain('La foto debe pesar 10 MB o menos')
    const json = await call('POST', `/api/menu-items/${item.id}/photo`, { file: 'x' }, owner.cookie)
    expect(json.status).toBe(415)
    expect(((await json.json()) as { message: string }).message).toBe(
      'Envía la foto como multipart/form-data con el campo file',
    )
    const stranger = await signedInOwner()
    expect(
      (await uploadThroughBuilder(builder, stranger.cookie, item.id, await png(200, 200), 'ajena.png')).status,
    ).toBe(404)
    expect(await itemRow(item.id)).toMatchObject({ photo_id: null, photo_sizes: null })
    expect(await allKeys()).toEqual(before)
  })

  it('replacing a photo deletes the old files; removing it, or deleting its item, category or menu, deletes its files', async () => {
    const { owner, menu, category, item, builder } = await ownerWithItem()
    await uploadThroughBuilder(builder, owner.cookie, item.id, await png(600, 400), 'uno.png')
    const first = (await itemRow(item.id))!.photo_id
    await uploadThroughBuilder(builder, owner.cookie, item.id, await png(600, 400), 'dos.png')
    const second = (await itemRow(item.id))!.photo_id
    expect(second).not.toBe(first)
    expect(await storedKeys(first)).toEqual([])
    expect(await storedKeys(second)).toHaveLength(3)
    expect((await getPage(`/menu-photos/${first}/160.webp`)).status).toBe(404)

    const removed = await postForm(
      `${builder}?tab=items&edit=item:${item.id}`,
      { intent: 'photo.remove', id: item.id },
      owner.cookie,
    )
    expect(removed.status).toBe(302)
    expect(await itemRow(item.id)).toMatchObject({ photo_id: null, photo_sizes: null })
    expect(await storedKeys(second)).toEqual([])

    // Deleting through the builder's forms and through the API takes the files along with the records.
    const photoOf = async (itemId: string) => {
      await uploadThroughBuilder(builder, owner.cookie, itemId, await png(200, 150), 'x.png')
      return (await itemRow(itemId))!.photo_id
    }
    const itemPhoto = await photoOf(item.id)
    expect((await postForm(builder, { intent: 'item.delete', id: item.id }, owner.cookie)).status).toBe(302)
    expect(await storedKeys(itemPhoto)).toEqual([])

    const addItem = async (categoryId: string) =>
      (
        (await (
          await call('POST', '/api/menu-items', { name: 'Sopa', price: 5000, categoryId }, owner.cookie)
        ).json()) as WireItem
      ).id
    const inCategory = await photoOf(await addItem(category.id))
    expect((await postForm(builder, { intent: 'category.delete', id: category.id }, owner.cookie)).status).toBe(302)
    expect(await storedKeys(inCategory)).toEqual([])

    const other = (await (
      await call('POST', '/api/categories', { name: 'Postres', menuId: menu.id }, owner.cookie)
    ).json()) as { id: string }
    const viaApi = await photoOf(await addItem(other.id))
    expect((await call('DELETE', `/api/categories/${other.id}`, undefined, owner.cookie)).status).toBe(200)
    expect(await storedKeys(viaApi)).toEqual([])

    const last = (await (
      await call('POST', '/api/categories', { name: 'Bebidas', menuId: menu.id }, owner.cookie)
    ).json()) as { id: string }
    const inMenu = await photoOf(await addItem(last.id))
    expect(
      (await postForm(`/admin/menu-builder/${menu.id}`, { intent: 'menu.delete', id: menu.id }, owner.cookie)).status,
    ).toBe(302)
    expect(await storedKeys(inMenu)).toEqual([])
  })

  it('the API stores, answers and removes an item’s photo, its sizes with their addresses', async () => {
    const { owner, item } = await ownerWithItem()
    const form = new FormData()
    form.set('file', await png(1000, 500), 'sopa.png')
    const stored = await SELF.fetch(`${ORIGIN}/api/menu-items/${item.id}/photo`, {
      method: 'POST',
      headers: { Cookie: owner.cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host },
      body: form,
    })
    expect(stored.status).toBe(200)
    const answered = (await stored.json()) as WireItem
    const photoId = (await itemRow(item.id))!.photo_id
    expect(answered.photo).toEqual({
      sizes: [
        { url: `/menu-photos/${photoId}/160.webp`, width: 160, height: 80 },
        { url: `/menu-photos/${photoId}/480.webp`, width: 480, height: 240 },
        { url: `/menu-photos/${photoId}/960.webp`, width: 960, height: 480 },
      ],
    })
    const listed = (await (await call('GET', '/api/categories-with-items', undefined, owner.cookie)).json()) as {
      menuItems: WireItem[]
    }[]
    expect(listed[0]!.menuItems[0]!.photo).toEqual(answered.photo)
    const removed = await call('DELETE', `/api/menu-items/${item.id}/photo`, undefined, owner.cookie)
    expect(((await removed.json()) as WireItem).photo).toBeNull()
    expect(await storedKeys(photoId)).toEqual([])
  })
})

describe('allergen tags and English names', () => {
  it('staff set them in the builder’s item form; the builder shows them and the edit form keeps them', async () => {
    const { owner, category, item, builder } = await ownerWithItem()
    const made = await postForm(
      builder,
      [
        ['intent', 'item.create'],
        ['name', 'Tacos de camarón'],
        ['price', '165'],
        ['categoryId', category.id],
        ['tags', 'spicy'],
        ['tags', 'crustaceans'],
        ['tags', 'gluten'],
        ['nameEn', 'Shrimp tacos'],
        ['descriptionEn', ''],
      ],
      owner.cookie,
    )
    expect(made.status).toBe(302)
    const created = await row<{ id: string; tags: string; name_en: string | null; description_en: string | null }>(
      'SELECT id, tags, name_en, description_en FROM menu_items WHERE name = ? AND category_id = ?',
      'Tacos de camarón',
      category.id,
    )
    expect(created).toMatchObject({ tags: 'gluten,crustaceans,spicy', name_en: 'Shrimp tacos', description_en: null })

    const edited = await postForm(
      `${builder}?tab=items&edit=item:${item.id}`,
      [
        ['intent', 'item.update'],
        ['id', item.id],
        ['name', 'Enchiladas suizas'],
        ['price', '145.00'],
        ['categoryId', category.id],
        ['tags', 'dairy'],
        ['tags', 'vegetarian'],
        ['nameEn', 'Swiss enchiladas'],
        ['descriptionEn', 'With cream and cheese'],
      ],
      owner.cookie,
    )
    expect(edited.status).toBe(302)
    expect(await itemRow(item.id)).toMatchObject({
      tags: 'dairy,vegetarian',
      name_en: 'Swiss enchiladas',
      description_en: 'With cream and cheese',
    })

    const page = (await (await getPage(`${builder}?tab=items&edit=item:${item.id}`, owner.cookie)).text()).split(
      '<script',
    )[0]!
    expect(page).toContain('Swiss enchiladas')
    expect(page).toMatch(/<li[^>]*>Lácteos<\/li>/)
    // The edit dialog opens with what is stored: its boxes ticked, its English filled in.
    const box = (tag: string) => new RegExp(`<input[^>]*name="tags"[^>]*value="${tag}"[^>]*>`).exec(page)?.[0] ?? ''
    expect(box('dairy')).toContain('checked=""')
    expect(box('vegetarian')).toContain('checked=""')
    expect(box('gluten')).not.toBe('')
    expect(box('gluten')).not.toContain('checked')
    expect(page).toMatch(/<input[^>]*name="nameEn"[^>]*value="Swiss enchiladas"/)
  })

  it.each([
    [
      [
        ['tags', 'vegan'],
        ['tags', 'dairy'],
      ],
      'Un platillo vegano no puede contener pescado, mariscos, huevo ni lácteos',
    ],
    [
      [
        ['tags', 'vegetarian'],
        ['tags', 'fish'],
      ],
      'Un platillo vegetariano no puede contener pescado ni mariscos',
    ],
    [[['tags', 'lupin']], 'Elige las etiquetas de la lista'],
    [[['nameEn', 'x'.repeat(81)]], 'El texto es demasiado largo'],
  ])('the builder’s item form refuses %j with its message, storing nothing', async (extra, message) => {
    const { owner, category, item, builder } = await ownerWithItem()
    const refused = await postForm(
      `${builder}?tab=items&edit=item:${item.id}`,
      [
        ['intent', 'item.update'],
        ['id', item.id],
        ['name', 'Enchiladas suizas'],
        ['price', '145'],
        ['categoryId', category.id],
        ...(extra as [string, string][]),
      ],
      owner.cookie,
    )
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain(message)
    expect(await itemRow(item.id)).toMatchObject({ tags: '', name_en: null })
  })

  it('the API takes and answers tags and English words, and refuses unknown or contradictory tags', async () => {
    const { owner, category } = await ownerWithItem()
    const created = await call(
      'POST',
      '/api/menu-items',
      {
        name: 'Ceviche',
        price: 18000,
        categoryId: category.id,
        tags: ['fish', 'spicy', 'fish'],
        nameEn: 'Ceviche',
        descriptionEn: 'Lime-cured fish',
      },
      owner.cookie,
    )
    expect(created.status).toBe(201)
    const item = (await created.json()) as WireItem
    expect(item).toMatchObject({
      tags: ['fish', 'spicy'],
      nameEn: 'Ceviche',
      descriptionEn: 'Lime-cured fish',
      photo: null,
    })
    const put = await call(
      'PUT',
      `/api/menu-items/${item.id}`,
      { name: 'Ceviche', price: 18000, categoryId: category.id, tags: [] },
      owner.cookie,
    )
    expect((await put.json()) as WireItem).toMatchObject({ tags: [], nameEn: null, descriptionEn: null })
    const refused = await call(
      'POST',
      '/api/menu-items?lng=en',
      { name: 'Ensalada', price: 9000, categoryId: category.id, tags: ['vegan', 'egg'] },
      owner.cookie,
    )
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { message: string }).message).toBe(
      'A vegan dish cannot contain fish, shellfish, egg or dairy',
    )
    const unknown = await call(
      'POST',
      '/api/menu-items',
      { name: 'Ensalada', price: 9000, categoryId: category.id, tags: 'gluten' },
      owner.cookie,
    )
    expect(unknown.status).toBe(201)
    const wrongType = await call(
      'POST',
      '/api/menu-items',
      { name: 'Ensalada', price: 9000, categoryId: category.id, tags: [3] },
      owner.cookie,
    )
    expect(wrongType.status).toBe(400)
    const category2 = await call(
      'PUT',
      `/api/categories/${category.id}`,
      {
        name: 'Platos fuertes',
        nameEn: 'Mains',
        menuId: (await row<{ menu_id: string }>('SELECT menu_id FROM categories WHERE id = ?', category.id))!.menu_id,
      },
      owner.cookie,
    )
    expect(await category2.json()).toMatchObject({ name: 'Platos fuertes', nameEn: 'Mains', descriptionEn: null })
  })
})

describe('the diner’s menu', () => {
  /** A table whose menu has a dish with a photo, tags and English words, one with nothing extra, and a customizable one. */
  async function dressedTable() {
    const table = await seedTable()
    const [menuId, categoryId] = [crypto.randomUUID(), crypto.randomUUID()]
    const [enchiladas, agua, taco, group, option] = [
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
    ]
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO menus (id, restaurant_id, name) VALUES (?, ?, 'Carta')`).bind(
        menuId,
        table.restaurantId,
      ),
      env.DB.prepare(
        `INSERT INTO categories (id, menu_id, name, name_en) VALUES (?, ?, 'Platos fuertes', 'Mains')`,
      ).bind(categoryId, menuId),
      env.DB.prepare(
        `INSERT INTO menu_items (id, category_id, name, description, name_en, description_en, price_cents, tags, photo_id, photo_sizes, position)
         VALUES (?, ?, 'Enchiladas suizas', 'Con crema y queso', 'Swiss enchiladas', 'With cream and cheese', 14500, 'gluten,dairy,spicy', 'foto-1', ?, 0)`,
      ).bind(
        enchiladas,
        categoryId,
        JSON.stringify([
          { width: 160, height: 107 },
          { width: 480, height: 320 },
          { width: 960, height: 640 },
        ]),
      ),
      env.DB.prepare(
        `INSERT INTO menu_items (id, category_id, name, description, price_cents, position) VALUES (?, ?, 'Agua de jamaica', 'De la casa', 3500, 1)`,
      ).bind(agua, categoryId),
      env.DB.prepare(
        `INSERT INTO menu_items (id, category_id, name, name_en, price_cents, tags, photo_id, photo_sizes, position) VALUES (?, ?, 'Taco de pescado', 'Fish taco', 4500, 'fish', 'foto-2', ?, 2)`,
      ).bind(
        taco,
        categoryId,
        JSON.stringify([
          { width: 160, height: 120 },
          { width: 300, height: 225 },
        ]),
      ),
      ...modifierGroupStatements(table.restaurantId, [taco], {
        id: group,
        name: 'Tortilla',
        required: true,
        options: [{ id: option, name: 'Maíz', isDefault: true }],
      }),
    ])
    return { table, enchiladas, agua, taco, option }
  }

  const drawn = async (response: Response) => (await response.text()).split('<script')[0]!

  it('shows a Spanish diner the Spanish names, the tags in Spanish and the photo with its size, lazily below the first dishes', async () => {
    const { table, agua } = await dressedTable()
    const categoryId = (await row<{ category_id: string }>('SELECT category_id FROM menu_items WHERE id = ?', agua))!
      .category_id
    const fourth = crypto.randomUUID()
    await env.DB.prepare(
      `INSERT INTO menu_items (id, category_id, name, price_cents, photo_id, photo_sizes, position) VALUES (?, ?, 'Flan', 6000, 'foto-4', ?, 3)`,
    )
      .bind(fourth, categoryId, JSON.stringify([{ width: 160, height: 160 }]))
      .run()
    const html = await drawn(await getPage(`/customer/menu/${table.sessionId}`))
    expect(html).toContain('Enchiladas suizas')
    expect(html).toContain('Con crema y queso')
    expect(html).not.toContain('Swiss enchiladas')
    expect(html).toContain('>Platos fuertes<')
    for (const word of ['Picante', 'Contiene', 'Gluten', 'Lácteos']) expect(html, word).toContain(word)
    const [photo] = (html.match(/<img [^>]*>/g) ?? []) as string[]
    expect(photo).toContain('alt="Enchiladas suizas"')
    expect(photo).toContain('src="/menu-photos/foto-1/160.webp"')
    expect(photo).toContain(
      'srcSet="/menu-photos/foto-1/160.webp 160w, /menu-photos/foto-1/480.webp 480w, /menu-photos/foto-1/960.webp 960w"',
    )
    expect(photo).toContain('sizes="80px"')
    expect(photo).toContain('width="160" height="107"')
    // The first dishes are in view when the page opens; the photo is not held back.
    expect(photo).not.toContain('loading="lazy"')
    const card = (id: string) =>
      html.slice(html.indexOf(`id="item-${id}"`), html.indexOf('</li>', html.indexOf(`id="item-${id}"`)))
    expect(card(agua)).not.toContain('<img')
    const below = /<img [^>]*>/.exec(card(fourth))?.[0] ?? ''
    expect(below).toContain('loading="lazy"')
    expect(below).toContain('width="160" height="160"')
    expect(card(agua)).not.toContain('data-testid="dish-tags"')
  })

  it('shows an English diner the English names and tags, the Spanish where there is no English, marked as Spanish', async () => {
    const { table, agua } = await dressedTable()
    const html = await drawn(await getPage(`/customer/menu/${table.sessionId}?lng=en`))
    expect(html).toContain('Swiss enchiladas')
    expect(html).toContain('With cream and cheese')
    expect(html).not.toContain('Enchiladas suizas')
    expect(html).toContain('alt="Swiss enchiladas"')
    expect(html).toContain('>Mains<')
    for (const word of ['Spicy', 'Contains', 'Dairy']) expect(html, word).toContain(word)
    expect(html).toMatch(
      new RegExp(
        `id="item-${agua}"[\\s\\S]*?<p class="font-semibold" lang="es" data-testid="menu-item-name">Agua de jamaica</p>[\\s\\S]*?<p class="text-sm text-stone-600 dark:text-stone-400" lang="es">De la casa</p>`,
      ),
    )
  })

  it('shows the item sheet with the larger photo and the tags, in the diner’s language', async () => {
    const { table, taco } = await dressedTable()
    const sheet = await drawn(await getPage(`/customer/menu/${table.sessionId}?item=${taco}&lng=en`))
    const dialog = sheet.slice(sheet.indexOf('<dialog'))
    expect(dialog).toContain('Fish taco · ')
    const photo = /<img [^>]*>/.exec(dialog)?.[0] ?? ''
    expect(photo).toContain('alt="Fish taco"')
    expect(photo).toContain(
      'src="/menu-photos/foto-2/300.webp" srcSet="/menu-photos/foto-2/160.webp 160w, /menu-photos/foto-2/300.webp 300w"',
    )
    expect(photo).toContain('width="300" height="225"')
    expect(dialog).toContain('Fish</li>')
  })

  it('names the dish in English in an English diner’s cart, and the bill keeps the name it was ordered by in Spanish', async () => {
    const { table, enchiladas } = await dressedTable()
    const cookie = `mesa_cart_${table.sessionId}=1.${enchiladas}`
    expect(await drawn(await getPage(`/customer/cart/${table.sessionId}?lng=en`, cookie))).toContain('Swiss enchiladas')
    expect(await drawn(await getPage(`/customer/cart/${table.sessionId}`, cookie))).toContain('Enchiladas suizas')
    const order = await postForm(
      `/customer/cart/${table.sessionId}?lng=en`,
      { intent: 'order', 'items[0].menuItemId': enchiladas, 'items[0].quantity': '1' },
      cookie,
    )
    expect(order.status).toBe(302)
    const bill = (await readSession(table.sessionId)) as unknown as { items: { name: string }[] }
    expect(bill.items.map((line) => line.name)).toEqual(['Enchiladas suizas'])
  })

  it('adds a dish without JavaScript and names it in the toast in the diner’s language', async () => {
    const { table, enchiladas } = await dressedTable()
    const added = await postForm(`/customer/menu/${table.sessionId}?lng=en`, { item: enchiladas })
    expect(added.status).toBe(302)
    const cookies = added.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .join('; ')
    const next = new URL(added.headers.get('Location')!, ORIGIN)
    next.searchParams.set('lng', 'en')
    const back = await drawn(await getPage(`${next.pathname}${next.search}`, cookies))
    expect(back.slice(back.indexOf('data-testid="toast"'))).toMatch(/^[^]*?Item added<\/p><p[^>]*>Swiss enchiladas</)
  })

  it('allows its photos in the page’s Content-Security-Policy: same origin', async () => {
    const { table } = await dressedTable()
    const response = await getPage(`/customer/menu/${table.sessionId}`)
    expect(response.headers.get('Content-Security-Policy')).toContain("img-src 'self'")
    // Every photo the page names is on this origin, which that policy allows.
    const sources = [...(await response.text()).matchAll(/(?:src|srcSet)="([^"]+)"/g)].flatMap((match) =>
      match[1]!.split(', ').map((part) => part.split(' ')[0]!),
    )
    expect(sources.filter((source) => source.includes('menu-photos'))).not.toHaveLength(0)
    expect(sources.filter((source) => source.includes('menu-photos') && !source.startsWith('/menu-photos/'))).toEqual(
      [],
    )
  })
})
