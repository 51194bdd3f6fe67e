import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import jsQR, { type QRCode } from 'jsqr'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { formatTableCode } from '~/domain/table-code'
import {
  BASE_URL,
  chromiumForFile,
  DESKTOP,
  expectFitsPhone,
  hydrated,
  openDisplayMenu,
  phonePage,
  screenshot,
  signUpAndSignIn,
  TABLE_CODES,
  TABLES,
  themeCookie,
} from './browser'
import { CARDS_PER_SHEET, PRINT_SHEET } from '~/domain/print-sheet'

const browser = chromiumForFile()

const WORDS = {
  es: {
    invalid: 'Escribe el código tal como aparece en la mesa.',
    submit: 'Ver la cuenta',
    label: 'Código de la mesa',
    typeAt: '¿No se abre? Escribe el código en',
  },
  en: {
    invalid: 'Type the code exactly as it appears on the table.',
    submit: 'See the bill',
    label: 'Table code',
    typeAt: "Won't scan? Type the code at",
  },
} as const

/** A code no table has: the fixture's own (as shown, `K7MQ-4XPD`) with its first half changed. */
const wrongCode = (shown: string) => `${shown.startsWith('ZZZZ') ? 'YYYY' : 'ZZZZ'}-${shown.slice(5)}`

/** CSS pixels in a millimetre. */
const PX_PER_MM = 96 / 25.4

/** The pages of a PDF Chromium made: one `/Type /Page` object each (the page tree is `/Type /Pages`). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0

/**
 * Where the PNG's QR code is, and how many modules of white surround it
 * before the first dark pixel on each side (the quiet zone), read from the
 * image itself: jsQR finds the code roughly, its finder patterns' dark
 * edges give the exact box.
 */
function quietZone(png: PNG, qr: QRCode) {
  const dark = (x: number, y: number) => {
    const at = (y * png.width + x) * 4
    return png.data[at]! + png.data[at + 1]! + png.data[at + 2]! < 3 * 128
  }
  const { topLeftCorner: topLeft, topRightCorner: topRight, bottomLeftCorner: bottomLeft } = qr.location
  const modules = 17 + 4 * qr.version
  const rough = (topRight.x - topLeft.x) / modules
  // Dark pixels within a module of the rough box: the finder patterns touch the code's left, top, right and bottom edges.
  const near = {
    left: Math.floor(topLeft.x - rough),
    top: Math.floor(topLeft.y - rough),
    right: Math.ceil(topRight.x + rough),
    bottom: Math.ceil(bottomLeft.y + rough),
  }
  const box = { left: png.width, top: png.height, right: 0, bottom: 0 }
  for (let y = Math.max(0, near.top); y < Math.min(png.height, near.bottom); y++) {
    for (let x = Math.max(0, near.left); x < Math.min(png.width, near.right); x++) {
      if (!dark(x, y)) continue
      box.left = Math.min(box.left, x)
      box.top = Math.min(box.top, y)
      box.right = Math.max(box.right, x)
      box.bottom = Math.max(box.bottom, y)
    }
  }
  const modulePx = (box.right - box.left + 1) / modules
  /** White lines, across the code's whole width (or height), from its edge outwards until ink or the image's edge, in modules. */
  const clear = (from: number, step: number, vertical: boolean) => {
    let lines = 0
    for (let at = from; at >= 0 && at < (vertical ? png.height : png.width); at += step, lines++) {
      const ink = vertical
        ? Array.from({ length: box.right - box.left + 1 }, (_, i) => dark(box.left + i, at))
        : Array.from({ length: box.bottom - box.top + 1 }, (_, i) => dark(at, box.top + i))
      if (ink.some(Boolean)) break
    }
    return lines / modulePx
  }
  return {
    box,
    height: png.height,
    modules: {
      left: clear(box.left - 1, -1, false),
      right: clear(box.right + 1, 1, false),
      top: clear(box.top - 1, -1, true),
      bottom: clear(box.bottom + 1, 1, true),
    },
  }
}

describe('a table’s short code', () => {
  it('opens the bill when a diner types it on /customer at 390 px, in Spanish and English, with JavaScript on and off', async () => {
    const sessionId = TABLES.codeEntry!
    const shown = formatTableCode(TABLE_CODES.codeEntry!)
    for (const language of ['es', 'en'] as const) {
      for (const javaScript of [true, false]) {
        const words = WORDS[language]
        const name = `customer-code-${language}-${javaScript ? 'js' : 'nojs'}-phone`
        const { page, errors } = await phonePage(browser(), { javaScriptEnabled: javaScript })
        expect(page.viewportSize()?.width).toBe(390)
        await page.goto('/customer')
        if (javaScript) await hydrated(page, 'enter-code')
        if (language === 'en') {
          await openDisplayMenu(page)
          await page.getByRole('button', { name: /^EN/ }).click()
          await expect.poll(() => page.getByRole('button', { name: words.submit }).count()).toBe(1)
        }
        const box = page.getByLabel(words.label)
        await screenshot(page, name)

        // A code no table has: the same page, what was typed kept, and the error under the field.
        await box.fill(wrongCode(shown).toLowerCase())
        await page.getByRole('button', { name: words.submit }).click()
        await expect.poll(() => page.locator('#code-error').textContent()).toBe(words.invalid)
        await expect.poll(() => box.inputValue()).toBe(wrongCode(shown).toLowerCase())
        await expect.poll(() => box.getAttribute('aria-invalid')).toBe('true')
        await screenshot(page, `${name}-wrong`)

        // The right one in lower case, with the dash (JavaScript on) or without it (off).
        await box.fill(javaScript ? shown.toLowerCase() : shown.replace('-', '').toLowerCase())
        await page.getByRole('button', { name: words.submit }).click()
        await page.waitForURL(new RegExp(`/customer/table/${sessionId}$`))
        await expect.poll(() => page.getByTestId('left-to-pay').textContent()).toBe('$89.00')
        await screenshot(page, `${name}-bill`, { fold: true })
        expect(errors).toEqual([])
        await page.context().close()
      }
    }
  })

  it('of the seeded demo table is MESA-DEM7, as the docs say', async () => {
    for (const typed of ['MESA-DEM7', 'mesa dem7']) {
      const response = await fetch(`${BASE_URL}/customer?code=${encodeURIComponent(typed)}`, { redirect: 'manual' })
      expect(response.headers.get('Location'), typed).toBe('/customer/table/demo7')
    }
  })

  it('is on the QR dialog, the downloaded PNG (with the table, the code and a four-module quiet zone) and the printed card', async () => {
    const { page, errors } = await phonePage(browser(), { ...DESKTOP, acceptDownloads: true })
    await signUpAndSignIn(page.request, 'Cantina Códigos')
    const table = (await (
      await page.request.post('/api/tables', {
        headers: { Origin: BASE_URL },
        data: { tableNumber: '8', tableName: 'Barra' },
      })
    ).json()) as { id: string; sessionId: string; shortCode: string }
    expect(table.shortCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
    const site = `${new URL(BASE_URL).host}/customer`

    await page.goto('/admin/dashboard')
    await hydrated(page, 'table-card')
    await page.getByTestId('table-card-link').click()
    await page.waitForURL(/\/admin\/tables\//)
    await expect.poll(() => page.getByTestId('table-details-code').textContent()).toBe(`Código: ${table.shortCode}`)
    await page.getByRole('link', { name: 'Ver QR' }).click()
    await page.getByTestId('qr-code').waitFor()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.getByTestId('table-code').textContent()).toBe(table.shortCode)
    await expect.poll(() => dialog.textContent()).toContain(`${WORDS.es.typeAt} ${site}`)
    await screenshot(page, 'qr-dialog-code-desktop')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qr-download').click()])
    expect(download.suggestedFilename()).toBe('mesa-8.png')
    mkdirSync('tests/e2e/screenshots', { recursive: true })
    copyFileSync((await download.path())!, 'tests/e2e/screenshots/qr-card-download.png')
    const png = PNG.sync.read(readFileSync('tests/e2e/screenshots/qr-card-download.png'))
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
    expect(qr?.data).toBe(`${BASE_URL}/m/${table.shortCode.replace('-', '')}`)
    // A small code (version 3 at most, medium error correction): large modules that scan from across a table.
    expect(qr!.version).toBeLessThanOrEqual(3)
    const zone = quietZone(png, qr!)
    // At least the four white modules the QR standard asks for on every side (the sides are the card's own margin: exactly four).
    for (const side of ['left', 'right', 'top', 'bottom'] as const)
      expect(zone.modules[side], side).toBeGreaterThanOrEqual(4)
    expect(zone.modules.left).toBe(4)
    // Then the table's name above the code and the short code below it: ink on both sides beyond the quiet zone.
    expect(zone.box.top).toBeGreaterThan(40)
    expect(zone.height - zone.box.bottom).toBeGreaterThan(200)

    // The printed card, as the print page draws it (without JavaScript, which would open the print dialog).
    const printing = await browser().newContext({
      ...DESKTOP,
      baseURL: BASE_URL,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    })
    const printPage = await printing.newPage()
    for (const language of ['es', 'en'] as const) {
      await printPage.goto(`/admin/tables/${table.id}/print?lng=${language}`)
      const card = printPage.getByTestId('print-card')
      await expect.poll(() => card.getByTestId('table-code').textContent()).toBe(table.shortCode)
      const text = await card.textContent()
      for (const words of [
        language === 'es' ? 'Mesa 8 - Barra' : 'Table 8 - Barra',
        WORDS[language].label,
        `${WORDS[language].typeAt} ${site}`,
      ])
        expect(text).toContain(words)
      await printPage.screenshot({ path: `tests/e2e/screenshots/print-card-${language}.png`, fullPage: true })
    }
    await printing.close()
    expect(errors).toEqual([])
  })

  it('prints every table in sheets of four equal cards with crop marks, one sheet to a page on A4 and on Letter', async () => {
    const { page, errors } = await phonePage(browser(), DESKTOP)
    // The print dialog would wait for a person; the page's call to it is what is checked.
    await page.context().addInitScript(() => {
      window.print = () => {
        document.documentElement.dataset.printed = 'yes'
      }
    })
    // A name long enough to take two lines, the most a card gives it.
    await signUpAndSignIn(page.request, 'Cantina y Fonda Las Hojas de Doña Chuy')
    const tables: { id: string; shortCode: string }[] = []
    for (const [tableNumber, tableName] of [
      ['1', 'Terraza'],
      ['2', null],
      ['3', null],
      ['4', 'Barra'],
      ['5', 'Salón privado'],
    ]) {
      const response = await page.request.post('/api/tables', {
        headers: { Origin: BASE_URL },
        data: { tableNumber, tableName },
      })
      tables.push((await response.json()) as { id: string; shortCode: string })
    }
    const sheets = Math.ceil(tables.length / CARDS_PER_SHEET)

    // On screen: a preview of the sheets on a desktop, the cards one under another on a phone; light whatever the theme.
    await page.goto('/admin/tables/print')
    await hydrated(page, 'print-card')
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.printed)).toBe('yes')
    await expect.poll(() => page.getByRole('region', { name: `Hoja 1 de ${sheets}` }).count()).toBe(1)
    await screenshot(page, 'print-sheet-desktop')
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFitsPhone(page)
    await screenshot(page, 'print-sheet-phone')
    await page.context().addCookies([themeCookie('dark')])
    await page.goto('/admin/tables/print?lng=en')
    await hydrated(page, 'print-card')
    await expect.poll(() => page.getByRole('region', { name: `Sheet 2 of ${sheets}` }).count()).toBe(1)
    await screenshot(page, 'print-sheet-phone-dark-en')
    await page.goto('/admin/tables/print')
    await hydrated(page, 'print-card')

    // As it prints, on a page as wide as A4's inside its margins: every card the same size in millimetres, four to a sheet in two columns and two rows.
    await page.setViewportSize({ width: Math.floor((210 - 2 * PRINT_SHEET.pageMargin) * PX_PER_MM), height: 900 })
    await page.emulateMedia({ media: 'print' })
    await page.screenshot({ path: 'tests/e2e/screenshots/print-sheet-print.png', fullPage: true })
    const sheetBoxes = await page.getByTestId('print-sheet').evaluateAll((sections) =>
      sections.map((section) =>
        [...section.querySelectorAll('[data-testid="print-card"]')].map((card) => {
          const box = card.getBoundingClientRect()
          // What is written on the card, each piece's text as laid out (a box squeezed to nothing would hide it).
          const range = document.createRange()
          const content = [...card.children]
            .filter((child) => child.getAttribute('data-testid') !== 'crop-mark')
            .map((child) => {
              range.selectNodeContents(child)
              const { left, top, right, bottom } = range.getBoundingClientRect()
              return { left, top, right, bottom, drawn: child.getBoundingClientRect().height >= bottom - top }
            })
          const marks = [...card.querySelectorAll('[data-testid="crop-mark"]')].map((mark) => {
            const { left, top, right, bottom } = mark.getBoundingClientRect()
            return { left, top, right, bottom }
          })
          const qr = card.querySelector('svg')!.getBoundingClientRect()
          return { left: box.left, top: box.top, right: box.right, bottom: box.bottom, qr: qr.width, content, marks }
        }),
      ),
    )
    expect(sheetBoxes.map((cards) => cards.length)).toEqual([CARDS_PER_SHEET, tables.length - CARDS_PER_SHEET])
    const cards = sheetBoxes.flat()
    for (const card of cards) {
      expect(card.right - card.left).toBeCloseTo(PRINT_SHEET.card.width * PX_PER_MM, 0)
      expect(card.bottom - card.top).toBeCloseTo(PRINT_SHEET.card.height * PX_PER_MM, 0)
      // The QR code keeps its size on screen (14 rem, 59 mm with its quiet zone): large enough to scan across a table.
      expect(card.qr).toBe(224)
    }
    // Everything written on a card fits inside it, the restaurant's name on two lines included.
    for (const card of cards)
      for (const piece of card.content) {
        expect(piece.drawn).toBe(true)
        expect(piece.top).toBeGreaterThanOrEqual(card.top)
        expect(piece.bottom).toBeLessThanOrEqual(card.bottom)
        expect(piece.left).toBeGreaterThanOrEqual(card.left)
        expect(piece.right).toBeLessThanOrEqual(card.right)
      }
    const [first] = sheetBoxes
    expect(new Set(first!.map((card) => Math.round(card.left))).size).toBe(PRINT_SHEET.columns)
    expect(new Set(first!.map((card) => Math.round(card.top))).size).toBe(PRINT_SHEET.rows)

    // Two marks at each corner, continuing the card's edges outwards, outside every card.
    const near = (a: number, b: number) => Math.abs(a - b) < 1
    const within = PX_PER_MM * (PRINT_SHEET.mark.gap + PRINT_SHEET.mark.length) + 1
    for (const card of cards) {
      expect(card.marks).toHaveLength(8)
      // Each corner as its edges and which way is out: up or down, left or right.
      for (const [y, up] of [
        [card.top, true],
        [card.bottom, false],
      ] as const)
        for (const [x, left] of [
          [card.left, true],
          [card.right, false],
        ] as const) {
          const outwards = (from: number, to: number, edge: number, back: boolean) =>
            back ? to <= edge && from >= edge - within : from >= edge && to <= edge + within
          const across = card.marks.filter(
            (mark) => near((mark.top + mark.bottom) / 2, y) && outwards(mark.left, mark.right, x, left),
          )
          const down = card.marks.filter(
            (mark) => near((mark.left + mark.right) / 2, x) && outwards(mark.top, mark.bottom, y, up),
          )
          expect([across.length, down.length], `${x},${y}`).toEqual([1, 1])
        }
      for (const mark of card.marks)
        for (const other of cards)
          expect(
            mark.right <= other.left ||
              mark.left >= other.right ||
              mark.bottom <= other.top ||
              mark.top >= other.bottom,
          ).toBe(true)
    }

    // A card's QR code, as printed, still opens its table.
    const shot = PNG.sync.read(await page.getByTestId('print-card').first().screenshot())
    const qr = jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height)
    expect(qr?.data).toBe(`${BASE_URL}/m/${tables[0]!.shortCode.replace('-', '')}`)

    // On paper: a page for each sheet, none cut across two, on either paper.
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await page.pdf({ format })
      writeFileSync(`tests/e2e/screenshots/print-sheet-${format}.pdf`, pdf)
      expect(pdfPages(pdf), format).toBe(sheets)
    }
    expect(errors).toEqual([])
    await page.context().close()
  })
})
