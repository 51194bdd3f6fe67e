import { env, runInDurableObject, SELF } from 'cloudflare:test'
import { expect, vi } from 'vitest'
import { cumulative } from '~/domain/bill'
import { cartCookie, dinerCart, MAX_ITEMS_PER_ORDER, type CartEntry } from '~/domain/cart'
import { centsToPesos } from '~/domain/money'
import type { Role } from '~/domain/permissions'
import { restaurantChanged } from '~/server/auth/accounts.server'
import { hashToken } from '~/server/auth/tokens.server'
import { newToken } from '~/server/crypto.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { createTable } from '~/server/tables/tables.server'
import type { TableSession } from '~/server/table-session/durable-object.server'

export const ORIGIN = 'http://mesa.test'

export interface LineSeed {
  name?: string
  priceCents: number
  quantity?: number
  paidQuantity?: number
  customerName?: string | null
}

export interface SeededTable {
  restaurantId: string
  tableId: string
  sessionId: string
  itemIds: string[]
}

/**
 * A restaurant with its owner, written straight into D1 (no route makes one
 * without the sign-up form); answers the restaurant's id. The owner is a
 * person of their own, with another id, so nothing mistakes one for the other.
 */
export async function seedOwner(): Promise<string> {
  const restaurantId = crypto.randomUUID()
  await env.DB.prepare(`INSERT INTO restaurants (id, restaurant_name, created_at) VALUES (?, 'Fonda de Prueba', ?)`)
    .bind(restaurantId, Date.now())
    .run()
  await seedMember(restaurantId, 'owner')
  return restaurantId
}

export interface SeededMember {
  userId: string
  email: string
  name: string
  cookie: string
}

const members = new Map<string, SeededMember>()

/**
 * A person with `role` in the restaurant and a signed-in session of theirs
 * (one per restaurant and role, made once), written straight into D1.
 */
export async function seedMember(restaurantId: string, role: Role, name?: string): Promise<SeededMember> {
  const key = `${restaurantId}:${role}:${name ?? ''}`
  const known = members.get(key)
  if (known) return known
  const userId = crypto.randomUUID()
  const email = `${role}-${userId}@example.com`
  const personName = name ?? `${ROLE_NAMES[role]} ${userId.slice(0, 4)}`
  const token = newToken()
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO users (id, email, password_hash, password_salt, password_iterations, name, last_restaurant_id, created_at)
       VALUES (?, ?, 'x', 'x', 1, ?, ?, ?)`,
    ).bind(userId, email, personName, restaurantId, Date.now()),
    env.DB.prepare(
      `INSERT INTO memberships (id, restaurant_id, user_id, role, created_at) VALUES (?, ?, ?, ?, ?)`,
    ).bind(crypto.randomUUID(), restaurantId, userId, role, Date.now()),
    env.DB.prepare(
      'INSERT INTO auth_sessions (id, user_id, restaurant_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
    ).bind(await hashToken(token), userId, restaurantId, Date.now() + 3_600_000, Date.now()),
  ])
  const member = { userId, email, name: personName, cookie: `mesa_session=${token}` }
  members.set(key, member)
  return member
}

const ROLE_NAMES: Record<Role, string> = { owner: 'Dueña', manager: 'Gerente', waiter: 'Mesero', kitchen: 'Cocinera' }

/**
 * A restaurant (a new owner unless `owner` is given) with one table whose
 * open bill holds `lines`, made as the app makes them: the table as POST
 * /api/tables does (createTable; its short code drawn, or `shortCode` when
 * given, canonical), the lines ordered by its staff through POST /api/items,
 * and each line's paid units paid through POST /api/payments by its diner.
 * Whatever the bill's object committed has reached D1 when this returns.
 */
export async function seedTable(
  lines: LineSeed[] = [],
  { owner, shortCode }: { owner?: string; shortCode?: string } = {},
): Promise<SeededTable> {
  const restaurantId = owner ?? (await seedOwner())
  const made = await createTable(
    ledgerOf(env, restaurantId),
    { tableNumber: '12', tableName: 'Ventana', capacity: 4 },
    shortCode ? () => shortCode : undefined,
  )
  if (!made) throw new Error('table 12 is taken')
  const table = { restaurantId, tableId: made.id, sessionId: made.sessionId }
  const itemIds: string[] = []
  for (let from = 0; from < lines.length; from += MAX_ITEMS_PER_ORDER) {
    const items = lines.slice(from, from + MAX_ITEMS_PER_ORDER).map((line, index) => ({
      name: line.name ?? `Item ${from + index + 1}`,
      price: centsToPesos(line.priceCents),
      quantity: line.quantity ?? 1,
      customerName: line.customerName ?? null,
    }))
    const ordered = await staffOrder(table, { sessionId: table.sessionId, items })
    if (ordered.status !== 201) throw new Error(`order: ${ordered.status} ${await ordered.text()}`)
    itemIds.push(...(await ordered.json<{ items: { id: string }[] }>()).items.map((item) => item.id))
  }
  for (const [index, line] of lines.entries()) {
    const units = line.paidQuantity ?? 0
    if (units === 0) continue
    const itemId = itemIds[index]!
    const paid = await postJson('/api/payments', {
      tableId: table.tableId,
      sessionId: table.sessionId,
      amount: centsToPesos(cumulative({ priceCents: line.priceCents, quantity: line.quantity ?? 1 }, units)),
      paymentMethod: 'card',
      paymentType: 'item',
      itemIds: [itemId],
      itemQuantities: { [itemId]: units },
      customerName: line.customerName,
      transactionId: newTransactionId(),
    })
    if (paid.status !== 201) throw new Error(`payment: ${paid.status} ${await paid.text()}`)
  }
  if (lines.length > 0) await delivered(table.sessionId)
  return { ...table, itemIds }
}

/**
 * Sets columns of the restaurant's row (settings the tests change without
 * their forms), then tells its open bills, as the app does after every
 * change of a restaurant's settings: each bill's object holds them.
 */
export async function setRestaurant(
  restaurantId: string,
  columns: Record<string, string | number | null>,
): Promise<void> {
  const names = Object.keys(columns)
  await env.DB.prepare(`UPDATE restaurants SET ${names.map((name) => `${name} = ?`).join(', ')} WHERE id = ?`)
    .bind(...Object.values(columns), restaurantId)
    .run()
  await restaurantChanged(env, restaurantId)
}

/**
 * Switches a table off the way tables were before archiving existed
 * (is_active = 0, never archived): no path of the app does this any more,
 * but such rows remain and must still lead nowhere.
 */
export async function switchOff(tableId: string): Promise<void> {
  await env.DB.prepare('UPDATE tables SET is_active = 0 WHERE id = ?').bind(tableId).run()
}

export function getJson(path: string, init?: RequestInit) {
  return SELF.fetch(`${ORIGIN}${path}`, init)
}

/** A page as a browser would ask for it (redirects not followed), with the owner's cookie when given. */
export function getPage(path: string, cookie?: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    headers: cookie ? { ...headers, Cookie: cookie } : headers,
    redirect: 'manual',
  })
}

/** A JSON post to the API (`served` sends one and waits for what it left running). */
export function jsonRequest(path: string, body: unknown, init: RequestInit = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export function postJson(path: string, body: unknown, init: RequestInit = {}) {
  return SELF.fetch(jsonRequest(path, body, init))
}

/** A browser form post to one of the app's pages, from our own origin (Remix checks it). */
export function formRequest(
  path: string,
  fields: Record<string, string> | [string, string][],
  cookie?: string,
  headers: Record<string, string> = {},
) {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
}

export function postForm(...form: Parameters<typeof formRequest>) {
  return SELF.fetch(formRequest(...form))
}

/**
 * A refund through its staff form as a person sends it: the form first
 * answers with what it would give back, and its button with the amount
 * sends it. Any other first answer (a refusal, a role that may not) is
 * returned as it came.
 */
export async function postRefund(...[path, fields, cookie]: Parameters<typeof formRequest>) {
  const preview = await postForm(path, fields, cookie)
  if (preview.status !== 200) return preview
  const total = /name="confirmedTotal" value="([^"]+)"/.exec(await preview.text())?.[1]
  if (!total) throw new Error('the refund form showed nothing to confirm')
  return postForm(
    path,
    Array.isArray(fields) ? [...fields, ['confirmedTotal', total]] : { ...fields, confirmedTotal: total },
    cookie,
  )
}

/** A diner named `name` pays through the payment form of the bill's page with `query` (what to pay, the tip), to the confirmation. */
export async function payAs(sessionId: string, query: string, name: string) {
  const form = await openPaymentForm(`/customer/payment-method/${sessionId}?${query}`)
  const paid = await form.submit([...form.fields, ['customerName', name]])
  if (paid.status !== 302) throw new Error(`payment as ${name}: ${paid.status}`)
  return confirmationOf(paid, form.cookie)
}

/** A one-menu, one-category menu for an owner, written into D1 (a menu lives there; no object holds it); returns the item ids in order. */
export async function seedMenu(restaurantId: string, items: { name: string; priceCents: number }[]): Promise<string[]> {
  const menuId = crypto.randomUUID()
  const categoryId = crypto.randomUUID()
  const ids = items.map(() => crypto.randomUUID())
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO menus (id, restaurant_id, name) VALUES (?, ?, 'Carta')`).bind(menuId, restaurantId),
    env.DB.prepare(`INSERT INTO categories (id, menu_id, name) VALUES (?, ?, 'Platos')`).bind(categoryId, menuId),
    ...items.map((item, index) =>
      env.DB.prepare(
        `INSERT INTO menu_items (id, category_id, name, price_cents, position) VALUES (?, ?, ?, ?, ?)`,
      ).bind(ids[index], categoryId, item.name, item.priceCents, index),
    ),
  ])
  return ids
}

/** The menu editor's page of the menu an item is on. */
export async function menuEditorOf(itemId: string): Promise<string> {
  const menuId = await env.DB.prepare(
    'SELECT c.menu_id FROM menu_items i JOIN categories c ON c.id = i.category_id WHERE i.id = ?',
  )
    .bind(itemId)
    .first<string>('menu_id')
  return `/admin/menu-builder/${menuId}`
}

/** A restaurant's modifier group with its options, offered on `itemIds`: the statements that write it, for a batch. */
export function modifierGroupStatements(
  restaurantId: string,
  itemIds: string[],
  group: {
    id: string
    name: string
    nameEn?: string
    required?: boolean
    multipleSelect?: boolean
    position?: number
    options: { id: string; name: string; nameEn?: string; priceAdjustmentCents?: number; isDefault?: boolean }[]
  },
) {
  return [
    env.DB.prepare(
      'INSERT INTO modifier_groups (id, restaurant_id, name, name_en, required, multiple_select, position) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).bind(
      group.id,
      restaurantId,
      group.name,
      group.nameEn ?? null,
      group.required ? 1 : 0,
      group.multipleSelect ? 1 : 0,
      group.position ?? 0,
    ),
    ...group.options.map((option, position) =>
      env.DB.prepare(
        'INSERT INTO modifier_options (id, modifier_group_id, name, name_en, price_adjustment_cents, is_default, position) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).bind(
        option.id,
        group.id,
        option.name,
        option.nameEn ?? null,
        option.priceAdjustmentCents ?? 0,
        option.isDefault ? 1 : 0,
        position,
      ),
    ),
    ...itemIds.map((itemId) =>
      env.DB.prepare('INSERT INTO menu_item_modifier_groups (menu_item_id, modifier_group_id) VALUES (?, ?)').bind(
        itemId,
        group.id,
      ),
    ),
  ]
}

/** A table whose restaurant sells a taco with a required salsa (verde free, habanero +$5) and optional extras. */
export async function tacoTable() {
  const table = await seedTable()
  const [taco, agua] = (await seedMenu(table.restaurantId, [
    { name: 'Taco al pastor', priceCents: 3250 },
    { name: 'Agua fresca', priceCents: 3500 },
  ])) as [string, string]
  const [salsa, extras] = [crypto.randomUUID(), crypto.randomUUID()]
  const [verde, habanero, queso, aguacate] = [
    crypto.randomUUID(),
    crypto.randomUUID(),
    crypto.randomUUID(),
    crypto.randomUUID(),
  ]
  await env.DB.batch([
    ...modifierGroupStatements(table.restaurantId, [taco], {
      id: salsa,
      name: 'Salsa',
      required: true,
      position: 0,
      options: [
        { id: verde, name: 'Verde', isDefault: true },
        { id: habanero, name: 'Habanero', priceAdjustmentCents: 500 },
      ],
    }),
    ...modifierGroupStatements(table.restaurantId, [taco], {
      id: extras,
      name: 'Extras',
      multipleSelect: true,
      position: 1,
      options: [
        { id: queso, name: 'Queso', priceAdjustmentCents: 1200 },
        { id: aguacate, name: 'Aguacate', priceAdjustmentCents: 1500 },
      ],
    }),
  ])
  return { table, taco, agua, groups: { salsa, extras }, options: { verde, habanero, queso, aguacate } }
}

let transactionCounter = 0
/** A fresh client transaction id, as the diner's browser makes one. */
export const newTransactionId = () => `tx_${Date.now()}_${++transactionCounter}_${crypto.randomUUID().slice(0, 8)}`

export async function readSession(sessionId: string) {
  const response = await getJson(`/api/tables/session/${sessionId}`)
  return (await response.json()) as {
    id: string
    sessionId: string
    items: {
      id: string
      name: string
      isPaid: boolean
      paidQuantity: number
      quantity: number
      price: number
      paidBy: string | null
    }[]
    totalAmount: number
    paidAmount: number
    remainingAmount: number
  }
}

/** The object that holds the bill `sessionId`. */
export const billObject = (sessionId: string) => env.TABLE_SESSION.get(env.TABLE_SESSION.idFromName(sessionId))

/**
 * Waits until the bill's object has given D1's ledger everything it
 * committed (its outbox is delivered after each answer, as the alarm does).
 * Anything that reads the ledger (staff lists, analytics, these counts) reads it after this.
 */
export async function delivered(sessionId: string): Promise<void> {
  // A delivery already under way when this asks carries only what was committed before it began: ask again until
  // nothing is left, then once more, so what commits nothing (a call, a declined card) is told to the hub too.
  for (let round = 0; round < 10; round++) {
    const left = await runInDurableObject(billObject(sessionId), async (instance: TableSession, state) => {
      await instance.alarm()
      return state.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM outbox').one().n
    }).catch(() => 0)
    if (left === 0) break
  }
  await runInDurableObject(billObject(sessionId), (instance: TableSession) => instance.alarm())
}

/** Lines of a bill in D1's ledger, once delivered. */
export async function countLines(sessionId: string): Promise<number> {
  await delivered(sessionId)
  const row = await env.DB.prepare('SELECT count(*) AS n FROM bill_items WHERE session_id = ?')
    .bind(sessionId)
    .first<{ n: number }>()
  return row?.n ?? 0
}

/** Payments of a bill in D1's ledger, once delivered. */
export async function countPayments(sessionId: string): Promise<number> {
  await delivered(sessionId)
  const row = await env.DB.prepare('SELECT count(*) AS n FROM payments WHERE session_id = ?')
    .bind(sessionId)
    .first<{ n: number }>()
  return row?.n ?? 0
}

const htmlEntities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' }
const readEntities = (html: string) =>
  html.replace(/&(amp|quot|#x27|lt|gt);/g, (entity) => htmlEntities[entity] ?? entity)

/** A page as a reader sees its text: React's separators gone, entities read (tags stay, to match on). */
export const pageText = async (response: Response) => readEntities((await response.text()).replaceAll('<!-- -->', ''))

/**
 * Where the payment step's form led (its 302), followed with the diner's
 * cookie: the confirmation's text, and the receipt link it offers.
 */
export async function confirmationOf(paid: Response, cookie: string) {
  const confirmation = await pageText(
    await SELF.fetch(`${ORIGIN}${paid.headers.get('Location')}`, { headers: { Cookie: cookie } }),
  )
  const receiptUrl = /data-testid="receipt-link"[^>]*href="([^"]+)"/.exec(confirmation)?.[1]
  if (!receiptUrl) throw new Error('The confirmation offers no receipt link')
  return { confirmation, receiptUrl }
}

/** What a diner types into "Solicitar factura": a persona física's valid data, changed by `fields`. */
export const facturaFields = (fields: Record<string, string> = {}) => ({
  intent: 'factura',
  rfc: 'GODE561231GR8',
  legalName: 'Edgar González Díaz',
  taxRegime: '612',
  postalCode: '06700',
  cfdiUse: 'G03',
  email: `edgar.${crypto.randomUUID().slice(0, 6)}@example.mx`,
  ...fields,
})

/** A diner's cart as the Cookie header carries it. */
export const cartOf = (sessionId: string, entries: CartEntry[]) =>
  cartCookie(dinerCart(sessionId), { entries }).split(';')[0]!

/** The HTML React drew, without the data sent along for hydration and without its markers between texts. */
export const drawnPage = async (response: Response) =>
  (await response.text()).split('<script')[0]!.replaceAll('<!-- -->', '')

/**
 * A member at a table's order page, with a browser's cookie jar without
 * JavaScript: their session, and the ticket's cookie as the page's answers
 * set it. `sendForm` is what "Enviar a cocina" sends, as the page draws it.
 */
export function orderPageOf(table: { tableId: string }, member: { cookie: string }) {
  const path = `/admin/tables/${table.tableId}/order`
  let ticket = ''
  const cookie = () => [member.cookie, ticket].filter(Boolean).join('; ')
  const take = (response: Response) => {
    const set = response.headers.getSetCookie().find((value) => value.startsWith('mesa_ticket_'))
    if (set) ticket = set.includes('Max-Age=0') ? '' : set.split(';')[0]!
    return response
  }
  return {
    path,
    ticketCookie: () => ticket,
    page: async (search = '') => drawnPage(await getPage(`${path}${search}`, cookie())),
    post: async (fields: Record<string, string> | [string, string][], search = '') =>
      take(await postForm(`${path}${search}`, fields, cookie())),
    /** A post whose answer never reached the browser: its cookie stays as it was. */
    postUnanswered: (fields: [string, string][]) => postForm(path, fields, cookie()),
    sendForm: async (): Promise<[string, string][]> => {
      const form = (await drawnPage(await getPage(path, cookie())))
        .split('<form')
        .find((part) => part.includes('name="intent" value="send"'))
      if (!form) throw new Error('the order page offers no ticket to send')
      return hiddenFields(form.split('</form>')[0]!)
    },
  }
}

/** A member's order as the table's order page takes it: each dish added to the ticket, then "Enviar a cocina". */
export async function sendTicket(
  table: { tableId: string },
  member: { cookie: string },
  dishes: { item: string; quantity: number }[],
): Promise<Response> {
  const at = orderPageOf(table, member)
  for (const dish of dishes) {
    const added = await at.post({ intent: 'add', item: dish.item, quantity: String(dish.quantity) })
    if (added.status !== 302) throw new Error(`the ticket refused ${dish.item}: ${added.status}`)
  }
  return at.post(await at.sendForm())
}

/** The hidden inputs of a page's forms, in order, as a browser would send them. */
export function hiddenFields(html: string): [string, string][] {
  return [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map(
    ([, name = '', value = '']) => [name, readEntities(value)],
  )
}

/** The hidden fields of the form around what `marker` marks (a button's test id, say): what tapping it posts. */
export function formAround(html: string, marker: string): [string, string][] {
  const at = html.indexOf(marker)
  if (at < 0) throw new Error(`${marker} is not on the page`)
  return hiddenFields(html.slice(html.lastIndexOf('<form', at), html.indexOf('</form>', at)))
}

/** The options a page's selects start on, as a browser would send them untouched. */
function selectedFields(html: string): [string, string][] {
  return [...html.matchAll(/<select[^>]* name="([^"]+)"[^>]*>(.*?)<\/select>/gs)].flatMap(
    ([, name = '', options = '']) => {
      const chosen = /<option value="([^"]*)" selected=""/.exec(options) ?? /<option value="([^"]*)"/.exec(options)
      return chosen ? [[name, readEntities(chosen[1]!)] as [string, string]] : []
    },
  )
}

/**
 * Opens a payment step as a diner does and returns what its form would send
 * with `paymentMethod` chosen; `submit` posts it to the same URL.
 */
export async function openPaymentForm(path: string, paymentMethod = 'card', headers: Record<string, string> = {}) {
  const page = await SELF.fetch(`${ORIGIN}${path}`, { headers, redirect: 'manual' })
  const html = await page.text()
  const fields: [string, string][] = [...hiddenFields(html), ...selectedFields(html), ['paymentMethod', paymentMethod]]
  return {
    status: page.status,
    html,
    /** The cookie the step keeps its payment's id in (see attemptFor): a reload that sends it back is shown the same payment. */
    cookie: page.headers.get('Set-Cookie')?.split(';')[0] ?? '',
    fields,
    field: (name: string) => fields.find(([key]) => key === name)?.[1],
    submit: (changed: [string, string][] = fields) => postForm(path, changed, undefined, headers),
  }
}

/** A signed-in session of a member of a seeded restaurant (its owner unless `role` says otherwise), as its cookie. */
export async function staffCookieOf(restaurantId: string, role: Role = 'owner'): Promise<string> {
  return (await seedMember(restaurantId, role)).cookie
}

/** Lines with their own name and price, put on a seeded table's bill by its restaurant's staff (a diner may only order from the menu). */
export async function staffOrder(table: { restaurantId: string; tableId: string }, body: Record<string, unknown>) {
  return postJson(
    '/api/items',
    { tableId: table.tableId, ...body },
    { headers: { Cookie: await staffCookieOf(table.restaurantId), Origin: ORIGIN } },
  )
}

/** Headers of a request Cloudflare saw coming from `address` (a fresh documentation-range address when none is given). */
export const fromAddress = (
  address = `203.0.113.${Math.floor(Math.random() * 250) + 1}.${crypto.randomUUID().slice(0, 6)}`,
) => ({ 'CF-Connecting-IP': address })

/**
 * The token of the link to `path/<token>` that `send` has mailed, read where
 * a developer reads it: the local mailer's console output (the outbox keeps
 * the link hidden). A mail may go out after the answer, so this waits for it.
 */
export async function mailedToken(send: () => Promise<unknown>, path: string): Promise<string> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
  const link = new RegExp(`${path}/([A-Za-z0-9_-]+)`)
  const token = () => link.exec(log.mock.calls.flat().join('\n'))?.[1]
  try {
    await send()
    return await vi.waitFor(() => token() ?? Promise.reject(new Error(`no mail with ${path} yet`)), {
      timeout: 3000,
      interval: 20,
    })
  } finally {
    log.mockRestore()
  }
}

/** The password-reset link's token `send` has mailed. */
export const mailedResetToken = (send: () => Promise<unknown>) => mailedToken(send, '/admin/reset-password')

/** How many mails the outbox holds for `email` (those sent after an answer are there once `served` has returned). */
export async function mailsTo(email: string): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?')
    .bind(email)
    .first<{ n: number }>()
  return row?.n ?? 0
}

/** The toast a form's redirect leads to, as the person reads it on the next page (its cookie carried as a browser would). */
export async function toastShown(response: Response, cookie: string): Promise<string> {
  expect(response.status, 'a done form redirects').toBe(302)
  const toast = response.headers.get('Set-Cookie')?.split(';')[0] ?? ''
  const html = await (await getPage(response.headers.get('Location') ?? '', `${cookie}; ${toast}`)).text()
  const at = html.indexOf('data-testid="toast"')
  expect(at, 'a toast is shown').toBeGreaterThan(-1)
  return readEntities(html.slice(at, html.indexOf('<script', at)).replace(/<[^>]+>/g, ' '))
}
