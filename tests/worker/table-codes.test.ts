import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { formatTableCode, normalizeTableCode, TABLE_CODE_ALPHABET } from '~/domain/table-code'
import { getDb } from '~/server/db/client.server'
import { DEFAULT_LIMITS } from '~/server/env.server'
import { drawTableCode, withCodes, type DrawCode } from '~/server/tables/table-codes.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { createTable } from '~/server/tables/tables.server'
import { delivered, fromAddress, getJson, getPage, seedTable, staffCookieOf, switchOff } from './fixtures'
import { call, signedInOwner } from './staff'

type Table = { id: string; sessionId: string; shortCode: string }

const SHOWN = new RegExp(`^[${TABLE_CODE_ALPHABET}]{4}-[${TABLE_CODE_ALPHABET}]{4}$`)
const { limit: MISSES, windowSeconds: WINDOW } = DEFAULT_LIMITS.tableCodeMissesPerAddress

/** A seeded table with a short code of its own (canonical), and that code as printed. */
async function tableWithCode() {
  const code = drawTableCode()
  const table = await seedTable([{ name: 'Tacos de canasta', priceCents: 9000 }], { shortCode: code })
  return { ...table, code, shown: formatTableCode(code) }
}

/** A table as tables made before short codes are: its code taken off in D1, as those rows never had one. */
async function tableWithoutCode() {
  const table = await seedTable()
  await env.DB.prepare('UPDATE tables SET short_code = NULL WHERE id = ?').bind(table.tableId).run()
  return table
}

/** The ways a person may type `shown` (`K7MQ-4XPD`): as printed, lower case, without the dash, with a space, padded. */
const typings = (shown: string) => [
  shown,
  shown.toLowerCase(),
  shown.replace('-', ''),
  shown.replace('-', '').toLowerCase(),
  shown.replace('-', ' '),
  `  ${shown.toLowerCase()}  `,
]

/** The /customer form sent with `typed`, as a browser sends a GET form. */
const enter = (typed: string, headers: Record<string, string> = {}, query = '') =>
  getJson(`/customer?code=${encodeURIComponent(typed)}${query}`, { headers, redirect: 'manual' })

/** A source of codes that gives `codes` in order, counting its draws. */
function drawing(...codes: string[]): DrawCode & { draws: number } {
  const draw = Object.assign(() => codes[draw.draws++] ?? drawTableCode(), { draws: 0 })
  return draw
}

const rateLimitHits = async () =>
  (await env.DB.prepare('SELECT count(*) AS n FROM rate_limit_hits').first<{ n: number }>())?.n ?? 0

describe('a table’s short code', () => {
  it('is drawn when the table is made, unique, stored canonical and answered as printed (XXXX-XXXX)', async () => {
    const { cookie } = await signedInOwner()
    const created = (await (await call('POST', '/api/tables', { tableNumber: '5' }, cookie)).json()) as Table
    expect(created.shortCode).toMatch(SHOWN)
    const stored = await env.DB.prepare('SELECT short_code FROM tables WHERE id = ?')
      .bind(created.id)
      .first<{ short_code: string }>()
    expect(stored?.short_code).toBe(normalizeTableCode(created.shortCode))
    expect(
      ((await (await call('GET', `/api/tables/${created.id}`, undefined, cookie)).json()) as Table).shortCode,
    ).toBe(created.shortCode)
    const list = (await (await call('GET', '/api/tables/active', undefined, cookie)).json()) as Table[]
    expect(list.map((table) => table.shortCode)).toEqual([created.shortCode])
    const other = (await (await call('POST', '/api/tables', { tableNumber: '6' }, cookie)).json()) as Table
    expect(other.shortCode).not.toBe(created.shortCode)
  })

  it('drawn again when the first one is already another table’s (a forced collision)', async () => {
    const taken = await tableWithCode()
    const free = drawTableCode()
    const draw = drawing(taken.code, free)
    const table = await createTable(
      ledgerOf(env, taken.restaurantId),
      { tableNumber: '31', tableName: null, capacity: null },
      draw,
    )
    expect(draw.draws).toBe(2)
    expect(table?.shortCode).toBe(formatTableCode(free))
    // The table that had the code keeps it, and the new one opens by its own.
    expect(await env.DB.prepare('SELECT short_code FROM tables WHERE id = ?').bind(taken.tableId).first()).toEqual({
      short_code: taken.code,
    })
    expect((await enter(formatTableCode(free))).headers.get('Location')).toBe(`/customer/table/${table?.sessionId}`)
  })

  it('gives up after five taken draws with nothing created', async () => {
    const taken = await tableWithCode()
    const draw = drawing(...Array<string>(5).fill(taken.code))
    await expect(
      createTable(ledgerOf(env, taken.restaurantId), { tableNumber: '32', tableName: null, capacity: null }, draw),
    ).rejects.toThrow(/short_code/)
    expect(draw.draws).toBe(5)
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM tables WHERE restaurant_id = ? AND table_number = '32'")
        .bind(taken.restaurantId)
        .first(),
    ).toEqual({ n: 0 })
  })

  it('is drawn for a table that has none (made before short codes) the first time staff see it, once, past a collision', async () => {
    const old = await tableWithoutCode()
    const taken = await tableWithCode()
    const free = drawTableCode()
    const db = getDb(env.DB)
    const rows = await db.query.tables.findMany({
      where: (tables, { eq }) => eq(tables.id, old.tableId),
      columns: { id: true, shortCode: true },
    })
    expect(rows).toEqual([{ id: old.tableId, shortCode: null }])
    const draw = drawing(taken.code, free)
    expect(await withCodes(db, rows, draw)).toEqual([{ id: old.tableId, shortCode: formatTableCode(free) }])
    expect(draw.draws).toBe(2)
    // Read again through the staff API: the same code, nothing drawn anew.
    const seen = (await (
      await call('GET', `/api/tables/${old.tableId}`, undefined, await staffCookieOf(old.restaurantId))
    ).json()) as Table
    expect(seen.shortCode).toBe(formatTableCode(free))
  })

  it('is drawn for a table without one when the staff list shows it, and stays', async () => {
    const old = await tableWithoutCode()
    const cookie = await staffCookieOf(old.restaurantId)
    const first = (await (await call('GET', '/api/tables/active', undefined, cookie)).json()) as Table[]
    expect(first[0]?.shortCode).toMatch(SHOWN)
    const again = (await (await call('GET', '/api/tables/active', undefined, cookie)).json()) as Table[]
    expect(again[0]?.shortCode).toBe(first[0]?.shortCode)
    expect((await enter(first[0]!.shortCode)).headers.get('Location')).toBe(`/customer/table/${old.sessionId}`)
  })
})

describe('entering a table’s code on /customer', () => {
  it('opens the table’s bill with the short code in any case, with or without the dash', async () => {
    const table = await tableWithCode()
    for (const typed of typings(table.shown)) {
      const response = await enter(typed)
      expect(response.status, typed).toBe(302)
      expect(response.headers.get('Location'), typed).toBe(`/customer/table/${table.sessionId}`)
    }
  })

  it('reads the letters the alphabet leaves out as the digits they look like (O for 0, I or L for 1)', async () => {
    const code = `01${drawTableCode().slice(2)}`
    const table = await seedTable([], { shortCode: code })
    const response = await enter(`oi${code.slice(2, 4)}-${code.slice(4)}`)
    expect(response.headers.get('Location')).toBe(`/customer/table/${table.sessionId}`)
    expect((await enter(`OL${code.slice(2)}`)).headers.get('Location')).toBe(`/customer/table/${table.sessionId}`)
  })

  it('still opens the bill with the long id of an older card', async () => {
    const table = await tableWithCode()
    const response = await enter(` ${table.sessionId} `)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/customer/table/${table.sessionId}`)
  })

  it('leads to the table’s current bill after staff closed the one that was open', async () => {
    const table = await tableWithCode()
    const closed = await call(
      'POST',
      `/api/tables/${table.tableId}/close`,
      { sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
      await staffCookieOf(table.restaurantId),
    )
    expect(closed.status).toBe(200)
    const { sessionId, shortCode } = (await closed.json()) as Table
    expect(sessionId).not.toBe(table.sessionId)
    // The code belongs to the table, not to a bill: it does not change.
    expect(shortCode).toBe(table.shown)
    expect((await enter(table.shown.toLowerCase())).headers.get('Location')).toBe(`/customer/table/${sessionId}`)
  })

  it('answers a code that names no table with the form, what was typed and the error, in Spanish or English', async () => {
    const missing = formatTableCode(drawTableCode())
    const spanish = await enter(missing)
    expect(spanish.status).toBe(404)
    const html = await spanish.text()
    expect(html).toMatch(/id="code-error"[^>]*><li>Escribe el código tal como aparece en la mesa.<\/li>/)
    expect(html).toContain(`value="${missing}"`)
    expect(html).toMatch(/aria-invalid="true"/)
    const english = await enter(missing, {}, '&lng=en')
    expect(english.status).toBe(404)
    expect(await english.text()).toMatch(
      /id="code-error"[^>]*><li>Type the code exactly as it appears on the table.<\/li>/,
    )
    // Not a code at all: the same words, without asking the database.
    const junk = await enter('mesa 7!')
    expect(junk.status).toBe(400)
    expect(await junk.text()).toMatch(/id="code-error"[^>]*><li>Escribe el código tal como aparece en la mesa.<\/li>/)
  })

  it('does not open an inactive table', async () => {
    const table = await tableWithCode()
    await switchOff(table.tableId)
    expect((await enter(table.shown)).status).toBe(404)
    expect((await getJson(`/api/tables/session/${table.shown}`)).status).toBe(404)
  })

  it('shows the form, with no error, when nothing was typed', async () => {
    for (const path of ['/customer', '/customer?code=', '/customer?code=%20%20']) {
      const response = await getPage(path)
      expect(response.status, path).toBe(200)
      const html = await response.text()
      expect(html).toMatch(/<label[^>]*for="code"[^>]*>Código de la mesa<\/label>/)
      // (The page's strings travel with it, so only the field tells whether the error is shown.)
      expect(html).not.toContain('aria-invalid="true"')
      expect(html).not.toContain('id="code-error"')
    }
  })
})

describe('a table’s fixed link, /m/{code} (what its QR holds)', () => {
  it('opens the bill the table has when scanned: after staff closed one, the next party lands on the new bill, never told a bill closed', async () => {
    const table = await tableWithCode()
    const scan = () => getJson(`/m/${table.code}`, { redirect: 'manual' })
    const first = await scan()
    expect(first.status).toBe(302)
    expect(first.headers.get('Location')).toBe(`/customer/table/${table.sessionId}`)
    // Never kept by a cache: the same link leads elsewhere once the bill closes.
    expect(first.headers.get('Cache-Control')).toBe('no-store')

    const closed = await call(
      'POST',
      `/api/tables/${table.tableId}/close`,
      { sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
      await staffCookieOf(table.restaurantId),
    )
    const { sessionId } = (await closed.json()) as Table
    const next = await scan()
    expect(next.headers.get('Location')).toBe(`/customer/table/${sessionId}`)
    // No "this bill was closed" toast rides with it, and the bill opens with none.
    expect(next.headers.get('Set-Cookie')).toBeNull()
    const bill = await (await getPage(next.headers.get('Location')!)).text()
    expect(bill).toMatch(/data-testid="toast-region"><\/div>/)
    // The old bill's own link still works: it leads on to the new bill, saying the old one closed.
    const old = await getPage(`/customer/table/${table.sessionId}`)
    expect(old.status).toBe(302)
    expect(old.headers.get('Location')).toBe(`/customer/table/${sessionId}`)
    expect(old.headers.get('Set-Cookie')).toContain('toast')
    // Typed as printed, in any case, the link works too.
    expect((await getJson(`/m/${table.shown.toLowerCase()}`, { redirect: 'manual' })).headers.get('Location')).toBe(
      `/customer/table/${sessionId}`,
    )
  })

  it('shows the code box with why, for a code that names no table or an archived one', async () => {
    const missing = await getJson(`/m/${drawTableCode()}`, { redirect: 'manual' })
    expect(missing.status).toBe(404)
    expect(await missing.text()).toMatch(
      /id="code-error"[^>]*><li>Escribe el código tal como aparece en la mesa.<\/li>/,
    )
    // A table with nothing on its bill, so it can be archived.
    const code = drawTableCode()
    const table = await seedTable([], { shortCode: code })
    expect(
      (await call('DELETE', `/api/tables/${table.tableId}`, undefined, await staffCookieOf(table.restaurantId))).status,
    ).toBe(200)
    await delivered(table.sessionId)
    const gone = await getJson(`/m/${code}`, { redirect: 'manual' })
    expect(gone.status).toBe(410)
    expect(await gone.text()).toContain('data-testid="table-gone"')
  })
})

describe('GET /api/tables/session/{code}', () => {
  it('answers the table’s current bill for its short code in any case, with or without the dash, and for the long id', async () => {
    const table = await tableWithCode()
    for (const typed of [...typings(table.shown).filter((typed) => typed === typed.trim()), table.sessionId]) {
      const response = await getJson(`/api/tables/session/${encodeURIComponent(typed)}`)
      expect(response.status, typed).toBe(200)
      expect(await response.json(), typed).toMatchObject({ sessionId: table.sessionId, totalAmount: 90 })
    }
  })

  it('answers 404 for a code that names no table', async () => {
    const response = await getJson(`/api/tables/session/${formatTableCode(drawTableCode())}`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'Table not found.', code: 'NOT_FOUND' })
  })
})

describe('short codes looked up from one address', () => {
  it(`answer ${MISSES} misses, then 429 with Retry-After for every lookup from there (a right code too, page and API) and nothing else changes`, async () => {
    const address = fromAddress()
    const table = await tableWithCode()
    const wrong = () => formatTableCode(drawTableCode())
    for (let i = 0; i < MISSES; i++)
      expect(
        (await (i % 2 ? enter(wrong(), address) : getJson(`/api/tables/session/${wrong()}`, { headers: address })))
          .status,
      ).toBe(404)
    const hits = await rateLimitHits()

    const refused = await enter(wrong(), address)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe(String(WINDOW))
    expect(await refused.text()).toMatch(
      new RegExp(
        `id="code-error"[^>]*><li>Recibimos muchas solicitudes desde tu conexión. Inténtalo de nuevo en ${WINDOW / 60} min.</li>`,
      ),
    )
    // Refused before the database is asked: a right guess is not told apart from a wrong one.
    const right = await enter(table.shown, address)
    expect(right.status).toBe(429)
    expect(right.headers.get('Location')).toBeNull()
    const english = await enter(table.shown, address, '&lng=en')
    expect(english.status).toBe(429)
    expect(await english.text()).toMatch(
      new RegExp(
        `id="code-error"[^>]*><li>We received many requests from your connection. Please try again in ${WINDOW / 60} min.</li>`,
      ),
    )
    const api = await getJson(`/api/tables/session/${table.shown}`, { headers: address })
    expect(api.status).toBe(429)
    expect(api.headers.get('Retry-After')).toBe(String(WINDOW))
    expect(await api.json()).toMatchObject({ code: 'RATE_LIMITED' })
    // Refusals take no hits, and the table, its code and its bill are as they were.
    expect(await rateLimitHits()).toBe(hits)
    expect(
      await env.DB.prepare('SELECT short_code, session_id FROM tables WHERE id = ?').bind(table.tableId).first(),
    ).toEqual({ short_code: table.code, session_id: table.sessionId })
    expect(await (await getJson(`/api/tables/session/${table.sessionId}`)).json()).toMatchObject({
      totalAmount: 90,
      paidAmount: 0,
    })

    // Another address, and the long id in the QR from this one, still open the bill.
    expect((await enter(table.shown, fromAddress())).headers.get('Location')).toBe(`/customer/table/${table.sessionId}`)
    expect((await enter(table.sessionId, address)).headers.get('Location')).toBe(`/customer/table/${table.sessionId}`)
  })

  it('count only misses: a diner who opens a real code again and again is never held back', async () => {
    const address = fromAddress()
    const table = await tableWithCode()
    for (let i = 0; i < MISSES + 5; i++) expect((await enter(table.shown, address)).status).toBe(302)
    for (let i = 0; i < MISSES + 5; i++)
      expect((await getJson(`/api/tables/session/${table.code}`, { headers: address })).status).toBe(200)
    expect((await enter(formatTableCode(drawTableCode()), address)).status).toBe(404)
  })

  it('cannot slip past the limit all at once: of misses sent together, only the allowance is looked up', async () => {
    const address = fromAddress()
    const responses = await Promise.all(
      Array.from({ length: MISSES + 6 }, () =>
        getJson(`/api/tables/session/${formatTableCode(drawTableCode())}`, { headers: address }),
      ),
    )
    expect(responses.filter((response) => response.status === 404)).toHaveLength(MISSES)
    expect(responses.filter((response) => response.status === 429)).toHaveLength(6)
  })
})

describe('staff screens', () => {
  it('show the code on the table’s details, its QR and its printable card, with where to type it', async () => {
    const table = await tableWithCode()
    const cookie = await staffCookieOf(table.restaurantId)
    expect(await (await getPage(`/admin/tables/${table.tableId}`, cookie)).text()).toContain(`Código: ${table.shown}`)
    const dialog = await (await getPage(`/admin/dashboard?qr=${table.tableId}`, cookie)).text()
    expect(dialog).toContain(table.shown)
    expect(dialog).toContain('¿No se abre? Escribe el código en mesa.test/customer')
    for (const path of [`/admin/tables/${table.tableId}/print`, '/admin/tables/print']) {
      const html = await (await getPage(path, cookie)).text()
      expect(html, path).toMatch(new RegExp(`data-testid="table-code">${table.shown}<`))
      expect(html, path).toContain('Código de la mesa · Table code')
      // The card speaks both languages, whichever the staff's page is in: a party may read either.
      expect(html, path).toContain('¿No se abre? Escribe el código en mesa.test/customer')
      expect(html, path).toContain('Won&#x27;t scan? Type the code at mesa.test/customer')
    }
    const english = await (await getPage(`/admin/tables/${table.tableId}/print?lng=en`, cookie)).text()
    expect(english).toContain('Table code')
    expect(english).toContain('Won&#x27;t scan? Type the code at mesa.test/customer')
  })
})
