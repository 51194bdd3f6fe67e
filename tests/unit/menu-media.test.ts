import { describe, expect, it } from 'vitest'
import { DISH_TAGS, parseTags, serializeTags, splitTags, tagConflict } from '~/domain/allergens'
import { inLanguage, shownText } from '~/domain/menu-language'
import { photoImage, photoWidths, sniffImageType, webpSize } from '~/domain/menu-photos'
import { menuItemSchema } from '~/domain/schemas/menus'

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)),
  )
const le16 = (value: number) => [value & 0xff, value >> 8]
const le24 = (value: number) => [value & 0xff, (value >> 8) & 0xff, value >> 16]

describe('dish tags', () => {
  it('keeps each tag once, in the list’s order, and reads back only known ids', () => {
    expect(serializeTags(['vegan', 'gluten', 'gluten', 'sesame'])).toBe('gluten,sesame,vegan')
    expect(parseTags('vegan,gluten,lupin,,sesame')).toEqual(['gluten', 'sesame', 'vegan'])
    expect(parseTags('')).toEqual([])
    expect(parseTags(null)).toEqual([])
  })

  it('refuses a vegan dish with animal allergens and a vegetarian one with fish or shellfish', () => {
    expect(tagConflict(['vegan', 'dairy'])).toEqual({ label: 'vegan', allergen: 'dairy' })
    expect(tagConflict(['vegan', 'egg'])).toEqual({ label: 'vegan', allergen: 'egg' })
    expect(tagConflict(['vegetarian', 'crustaceans'])).toEqual({ label: 'vegetarian', allergen: 'crustaceans' })
    expect(tagConflict(['vegetarian', 'dairy', 'egg', 'gluten'])).toBeNull()
    expect(tagConflict(['vegan', 'gluten', 'soy', 'spicy'])).toBeNull()
  })

  it('tells what a dish is apart from what it contains', () => {
    expect(splitTags(['gluten', 'dairy', 'spicy', 'vegetarian'])).toEqual({
      dietary: ['spicy', 'vegetarian'],
      allergens: ['gluten', 'dairy'],
    })
  })

  it('is read by the item schema from a form’s checkboxes or a JSON array, with its messages', () => {
    const item = { name: 'Enchiladas', price: 9500, categoryId: 'cat-1' }
    expect(menuItemSchema.parse(item).tags).toEqual([])
    expect(menuItemSchema.parse({ ...item, tags: 'dairy' }).tags).toEqual(['dairy'])
    expect(menuItemSchema.parse({ ...item, tags: ['spicy', 'gluten'] }).tags).toEqual(['gluten', 'spicy'])
    expect(menuItemSchema.safeParse({ ...item, tags: ['gluten', 'lupin'] }).error?.issues[0]?.message).toBe(
      'admin.menu.errors.allergen',
    )
    expect(menuItemSchema.safeParse({ ...item, tags: ['vegan', 'dairy'] }).error?.issues[0]?.message).toBe(
      'admin.menu.errors.veganConflict',
    )
    expect(menuItemSchema.safeParse({ ...item, tags: 'vegetarian,fish' }).error?.issues[0]?.message).toBe(
      'admin.menu.errors.allergen',
    )
    expect(DISH_TAGS).toHaveLength(16)
  })
})

describe('English names', () => {
  const dish = {
    name: 'Chiles en nogada',
    description: 'Con granada',
    nameEn: 'Stuffed poblano peppers',
    descriptionEn: null,
  }

  it('shows an English diner the English where staff wrote it, field by field, marking what stayed Spanish', () => {
    expect(shownText(dish, 'en')).toEqual({
      name: 'Stuffed poblano peppers',
      description: 'Con granada',
      descriptionLang: 'es',
    })
    expect(shownText({ ...dish, nameEn: '', descriptionEn: 'With pomegranate' }, 'en')).toEqual({
      name: 'Chiles en nogada',
      nameLang: 'es',
      description: 'With pomegranate',
    })
  })

  it('always shows a Spanish diner the Spanish', () => {
    expect(shownText(dish, 'es')).toEqual({ name: 'Chiles en nogada', description: 'Con granada' })
    expect(inLanguage({ ...dish, id: 'x', priceCents: 100 }, 'es')).toEqual({
      id: 'x',
      priceCents: 100,
      name: 'Chiles en nogada',
      description: 'Con granada',
    })
  })
})

describe('dish photos', () => {
  it('keeps every width the original can fill, and the original’s own width instead of enlarging it', () => {
    expect(photoWidths(4032)).toEqual([160, 480, 960])
    expect(photoWidths(960)).toEqual([160, 480, 960])
    expect(photoWidths(700)).toEqual([160, 480, 700])
    expect(photoWidths(480)).toEqual([160, 480])
    expect(photoWidths(100)).toEqual([100])
    expect(photoWidths(0)).toEqual([])
  })

  it('knows a JPEG, a PNG and a WebP by their bytes, whatever their name says', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(sniffImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png')
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp')
    expect(sniffImageType(bytes('%PDF-1.7'))).toBeNull()
    expect(sniffImageType(bytes('GIF89a'))).toBeNull()
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull()
  })

  it('reads a WebP’s pixel size from its header, lossy, lossless or extended', () => {
    const head = (chunk: string) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0])
    const lossy = bytes([...head('VP8 ')], [0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a], le16(480), le16(320))
    expect(webpSize(lossy)).toEqual({ width: 480, height: 320 })
    // 14 bits of width-1, then 14 of height-1.
    const bits = (160 - 1) | ((107 - 1) << 14)
    const lossless = bytes(
      [...head('VP8L')],
      [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >>> 24],
      [0, 0, 0, 0, 0],
    )
    expect(webpSize(lossless)).toEqual({ width: 160, height: 107 })
    const extended = bytes([...head('VP8X')], [0, 0, 0, 0], le24(960 - 1), le24(640 - 1))
    expect(webpSize(extended)).toEqual({ width: 960, height: 640 })
    expect(webpSize(bytes([0xff, 0xd8, 0xff, 0xe0], new Array(40).fill(0)))).toBeNull()
  })

  it('draws an <img> with the smallest size that is sharp at twice its width, and all sizes in srcset', () => {
    const photo = {
      id: 'p1',
      sizes: [
        { width: 960, height: 640 },
        { width: 160, height: 107 },
        { width: 480, height: 320 },
      ],
    }
    expect(photoImage(photo, 80)).toEqual({
      src: '/menu-photos/p1/160.webp',
      width: 160,
      height: 107,
      srcSet: '/menu-photos/p1/160.webp 160w, /menu-photos/p1/480.webp 480w, /menu-photos/p1/960.webp 960w',
    })
    expect(photoImage(photo, 480)).toMatchObject({ src: '/menu-photos/p1/960.webp', width: 960, height: 640 })
    expect(photoImage({ id: 'p2', sizes: [{ width: 100, height: 50 }] }, 480)).toMatchObject({
      src: '/menu-photos/p2/100.webp',
      width: 100,
      height: 50,
    })
    expect(photoImage({ id: 'p3', sizes: [] }, 80)).toBeNull()
  })
})
