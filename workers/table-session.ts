import { DurableObject } from 'cloudflare:workers'
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { applyPlan, billTotals, planPayment, type BillTotals, type PaymentIntent } from '~/domain/bill'
import { LIVE_PING, LIVE_PONG, type BillChange, type BillEvent } from '~/domain/live'
import { checkChoice } from '~/domain/modifiers'
import { sumCents } from '~/domain/money'
import type { SplitPaid } from '~/domain/split'
import { taxAddedTo } from '~/domain/tax'
import type { AddItemsRequest } from '~/domain/schemas/items'
import type { PaymentRequest } from '~/domain/schemas/payments'
import type { WireBillItem, WirePayment } from '~/domain/wire'
import { billLinesQuery, currentSessionOf, findOpenTable, openTableQuery, paidCentsQuery, splitPaidQuery, toWireItem, toWirePayment } from '~/server/bill.server'
import { getDb, type Db } from '~/server/db/client.server'
import { modifierGroupsOf, type ModifierGroupView } from '~/server/menus.server'
import { getPaymentProvider } from '~/server/payments/provider.server'
import { billItems, categories, menuItems, menus, payments, tables, tableSessions, type BillItemRow, type PaymentRow } from '~/server/db/schema'
import {
  DEMO_MAX_AGE_MS,
  DEMO_OWNER_ID,
  DEMO_PAID_GRACE_MS,
  demoBillLines,
} from '~/server/demo-data'
import { isDemoSession, newSessionId } from '~/server/table-session.server'
import { billClosed, fail, tableNotFound, type WriteResult } from '~/server/write-result'
import { acceptLiveSocket, broadcast, closeQuietly, restaurantHub } from './live-sockets'

type BillTable = { tableId: string; userId: string; tableNumber: string }

function billEvent(change: BillChange, sessionId: string, table: BillTable, amountCents: number | null, totals: BillTotals): BillEvent {
  return { type: 'bill', change, tableId: table.tableId, tableNumber: table.tableNumber, sessionId, totals, amountCents, at: Date.now() }
}

type PayResult = WriteResult<{ payment: WirePayment; replayed: boolean }>

interface WaitingPayment {
  sessionId: string
  request: PaymentRequest
  resolve: (result: PayResult) => void
  reject: (error: unknown) => void
}

/** Payments per commit: the transactionIds of a group are looked up in one statement, within D1's 100 bound values. */
const MAX_GROUP = 50

/** The waiting payments that can be committed together: one bill, each transactionId once, at most MAX_GROUP. */
function takeGroup(waiting: WaitingPayment[]): WaitingPayment[] {
  const [first] = waiting
  if (!first) return []
  const group: WaitingPayment[] = []
  const transactionIds = new Set<string>()
  const rest: WaitingPayment[] = []
  for (const payment of waiting) {
    const joins = group.length < MAX_GROUP && payment.sessionId === first.sessionId && !transactionIds.has(payment.request.transactionId)
    if (joins) {
      group.push(payment)
      transactionIds.add(payment.request.transactionId)
    } else rest.push(payment)
  }
  waiting.splice(0, waiting.length, ...rest)
  return group
}

/**
 * One object per table session (named by its sessionId). Every write to that
 * bill passes through here, one at a time: each operation reads the bill,
 * validates the request against it and commits in one D1 batch. Awaiting D1
 * lets other requests into the object, so the operations are chained on an
 * explicit queue rather than relying on the input gate.
 */
export class TableSession extends DurableObject<Env> {
  #queue: Promise<unknown> = Promise.resolve()
  #waiting: WaitingPayment[] = []
  /**
   * The bill's lines and paid sum as this object last wrote or read them.
   * Only this object writes them, so they stay true until it writes again;
   * every other write here drops them.
   */
  #held: { sessionId: string; lines: BillItemRow[]; paidCents: number; splitPaid: SplitPaid[] } | null = null
  /** Counts this object's commits; with a fresh id per instance, names what the bill's readers may have cached. */
  #commits = 0
  readonly #instance = crypto.randomUUID()
  #db: Db

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    this.#db = getDb(env.DB)
    // Keep-alives are answered by the runtime, so an idle table's object can hibernate.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG))
  }

  /**
   * A diner's live connection to this bill (the Worker checked the session id).
   * Accepted through the Hibernation API: who is connected lives in the
   * socket's attachment, not in memory, so it survives the object sleeping.
   */
  fetch(request: Request): Response {
    return acceptLiveSocket(this.ctx, { role: 'diner', sessionId: new URL(request.url).searchParams.get('sessionId') ?? '', connectedAt: Date.now() })
  }

  /** Clients only ever send the ping, which never reaches here; anything else is ignored. */
  webSocketMessage(): void {}

  webSocketClose(ws: WebSocket, code: number): void {
    closeQuietly(ws, code)
  }

  /** Tells this bill's diners and the restaurant's staff what just changed, once it is committed. */
  async #publish(change: BillChange, sessionId: string, table: BillTable, amountCents: number | null, totals?: BillTotals) {
    const [lines, paidRows] = totals ? [[], []] : await this.#db.batch([billLinesQuery(this.#db, sessionId), paidCentsQuery(this.#db, sessionId)])
    this.#announce(table.userId, [billEvent(change, sessionId, table, amountCents, totals ?? billTotals(lines, paidRows[0]?.paid ?? 0))])
  }

  #announce(userId: string, events: BillEvent[]) {
    const sockets = this.ctx.getWebSockets()
    for (const event of events) broadcast(sockets, event)
    // One call for a whole payment group; the staff screens hear it without the next write to this bill waiting on that call.
    this.ctx.waitUntil(restaurantHub(this.env, userId).publish(events).catch((error: unknown) => console.error('hub publish failed', error)))
  }

  #serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task)
    this.#queue = run.catch(() => undefined)
    return run
  }

  /** Adds an order's lines to the bill, all or nothing. */
  addItems(sessionId: string, request: AddItemsRequest): Promise<WriteResult<{ items: WireBillItem[] }>> {
    return this.#serially(async () => {
      const table = await this.#openTable(sessionId, request.tableId)
      if (!table.ok) return table
      await this.#restoreDemoIfStale(sessionId, table)

      const menuIds = [...new Set(request.items.flatMap((item) => (item.menuItemId ? [item.menuItemId] : [])))]
      const menuPrices = new Map<string, { name: string; priceCents: number }>()
      const groupsOf = new Map<string, ModifierGroupView[]>()
      if (menuIds.length > 0) {
        // A line that names a menu item is priced by the menu, never by the client: the item and its chosen options.
        const [rows, groups] = await Promise.all([
          this.#db
            .select({ id: menuItems.id, name: menuItems.name, priceCents: menuItems.priceCents })
            .from(menuItems)
            .innerJoin(categories, eq(categories.id, menuItems.categoryId))
            .innerJoin(menus, eq(menus.id, categories.menuId))
            .where(and(inArray(menuItems.id, menuIds), eq(menus.userId, table.userId))),
          modifierGroupsOf(this.#db, menuIds),
        ])
        for (const row of rows) menuPrices.set(row.id, row)
        if (menuPrices.size !== menuIds.length) return fail(404, 'UNKNOWN_ITEM', "An item is not on this restaurant's menu.")
        for (const group of groups) groupsOf.set(group.menuItemId, [...(groupsOf.get(group.menuItemId) ?? []), group])
      }

      const now = Date.now()
      const rows = []
      for (const item of request.items) {
        const menuItem = item.menuItemId ? menuPrices.get(item.menuItemId) : undefined
        const choice = item.menuItemId ? checkChoice(groupsOf.get(item.menuItemId) ?? [], item.optionIds ?? []) : null
        if (choice && !choice.ok) {
          return fail(400, 'INVALID_OPTIONS', choice.reason === 'unknown' ? 'An option does not belong to its item.' : `A choice for ${menuItem?.name ?? 'an item'} is missing or not allowed.`)
        }
        rows.push({
          id: crypto.randomUUID(),
          tableId: table.tableId,
          sessionId,
          menuItemId: item.menuItemId ?? null,
          name: menuItem ? menuItem.name : item.name,
          // The chosen options are what the kitchen and the diners need to read on the line.
          description: choice?.summary ?? item.description,
          category: item.category,
          priceCents: menuItem ? (menuItem.priceCents + (choice?.extraCents ?? 0)) * item.quantity : item.price,
          quantity: item.quantity,
          paidQuantity: 0,
          customerName: item.customerName,
          paidBy: null,
          createdAt: now,
        })
      }
      // D1 binds at most 100 values per statement, so a large order goes in several inserts of one atomic batch.
      const chunks = chunk(rows, Math.floor(D1_MAX_BOUND_PARAMETERS / Object.keys(rows[0] ?? {}).length) || 1).map((part) => this.#db.insert(billItems).values(part).returning())
      const inserted = (await this.#db.batch(chunks as [(typeof chunks)[number], ...(typeof chunks)[number][]])).flat()
      this.#changed()
      await this.#publish('items', sessionId, table, sumCents(inserted.map((line) => line.priceCents)))
      return { ok: true as const, items: inserted.map(toWireItem) }
    })
  }

  /**
   * Records a payment if the bill, as it is now, allows it. Payments that
   * arrive while an earlier write holds the bill wait together and are then
   * checked one after another against the bill in memory and committed in one
   * D1 batch (group commit): the same answers as one at a time, far fewer
   * round trips when a whole table pays at once.
   */
  pay(sessionId: string, request: PaymentRequest): Promise<PayResult> {
    return new Promise<PayResult>((resolve, reject) => {
      this.#waiting.push({ sessionId, request, resolve, reject })
      if (this.#waiting.length === 1) void this.#serially(() => this.#payWaiting())
    })
  }

  async #payWaiting(): Promise<void> {
    const group = takeGroup(this.#waiting)
    // Whatever could not join this group (another id, a repeated transactionId, the size cap) goes next.
    if (this.#waiting.length > 0) void this.#serially(() => this.#payWaiting())
    const [first] = group
    if (!first) return
    try {
      const results = await this.#payGroup(first.sessionId, group.map((waiting) => waiting.request))
      group.forEach((waiting, index) => waiting.resolve(results[index] as PayResult))
    } catch (error) {
      if (group.length === 1) return first.reject(error)
      // One payment may have failed the whole batch (a transactionId another table took meanwhile): each goes alone.
      for (const waiting of group) {
        try {
          waiting.resolve((await this.#payGroup(waiting.sessionId, [waiting.request]))[0] as PayResult)
        } catch (alone) {
          waiting.reject(alone)
        }
      }
    }
  }

  /** Checks, charges and records `requests` in order against one read of the bill; one answer per request. */
  async #payGroup(sessionId: string, requests: PaymentRequest[]): Promise<PayResult[]> {
    // The demo table may need its seed back first; every other bill is read in one round trip.
    if (isDemoSession(sessionId)) {
      const demo = await findOpenTable(this.#db, sessionId)
      if (demo) await this.#restoreDemoIfStale(sessionId, demo)
    }
    const transactionIds = requests.map((request) => request.transactionId)
    const tableAndEarlier = [openTableQuery(this.#db, sessionId), this.#db.select().from(payments).where(inArray(payments.transactionId, transactionIds))] as const
    // The table and earlier uses of these transactionIds are read every time (staff and other tables change them);
    // the lines and the paid sum only when this object does not hold them already.
    const held = this.#held?.sessionId === sessionId ? this.#held : null
    const [tableRows, earlier, lines, paidRows, splitPaidRows] = held
      ? [...(await this.#db.batch(tableAndEarlier)), held.lines, [{ paid: held.paidCents }], held.splitPaid]
      : await this.#db.batch([...tableAndEarlier, billLinesQuery(this.#db, sessionId), paidCentsQuery(this.#db, sessionId), splitPaidQuery(this.#db, sessionId)])
    const table = tableRows[0]
    const earlierById = new Map(earlier.map((payment) => [payment.transactionId, payment]))
    const provider = getPaymentProvider(this.env)
    const results: PayResult[] = []
    const recorded: { payment: PaymentRow; reference: string; totals: BillTotals }[] = []
    const statements: BatchItem<'sqlite'>[] = []
    let bill = lines
    let paidCents = paidRows[0]?.paid ?? 0
    let splitPaid: SplitPaid[] = splitPaidRows
    let notOpen: PayResult | undefined

    for (const request of requests) {
      if (!table || table.tableId !== request.tableId) {
        notOpen ??= await this.#notOpen(sessionId)
        results.push(notOpen)
        continue
      }
      const requestHash = await hashRequest(request)
      const replay = replayOf(earlierById.get(request.transactionId), requestHash)
      if (replay) {
        results.push(replay)
        continue
      }
      const decision = planPayment(bill, paidCents, toIntent(request), splitPaid)
      if (!decision.ok) {
        results.push(fail(decision.status, decision.code, decision.message))
        continue
      }
      const { plan } = decision
      // Prices that exclude tax get it added on top; the bill itself only ever holds prices.
      const taxCents = taxAddedTo(plan.amountCents, table)
      if (request.total !== undefined && request.total !== plan.amountCents + taxCents + request.tipAmount) {
        // The restaurant changed its tax settings since the diner was shown the charge.
        results.push(fail(409, 'BILL_CHANGED', 'The charge changed since it was shown. Review it and try again.'))
        continue
      }
      const charge = await provider.charge({
        transactionId: request.transactionId,
        totalCents: plan.amountCents + taxCents + request.tipAmount,
        method: request.paymentMethod,
        description: `Table ${table.tableNumber}`,
      })
      if (!charge.ok) {
        results.push(fail(402, 'DECLINED', charge.message))
        continue
      }
      const payment = {
        id: crypto.randomUUID(),
        tableId: table.tableId,
        sessionId,
        transactionId: request.transactionId,
        requestHash,
        amountCents: plan.amountCents,
        tipCents: request.tipAmount,
        taxCents,
        tipPercentage: request.tipPercentage == null ? null : Math.round(request.tipPercentage),
        paymentMethod: request.paymentMethod,
        paymentType: request.paymentType,
        customerName: request.customerName,
        paidItems: plan.paidLines.length ? JSON.stringify(plan.paidLines) : null,
        splitCount: request.splitCount ?? null,
        splitShares: request.paymentType === 'split' ? (request.partySize ?? 1) : null,
        serviceQuality: request.serviceQuality ?? null,
        provider: provider.id,
        providerReference: charge.reference,
        createdAt: Date.now(),
      }
      // The next payment in the group is checked against the bill as this one leaves it; the SQL records the same lines.
      bill = applyPlan(bill, plan, request.customerName)
      const paidByOf = new Map(bill.map((line) => [line.id, line.paidBy]))
      statements.push(this.#db.insert(payments).values(payment))
      for (const update of plan.lineUpdates) {
        statements.push(
          this.#db
            .update(billItems)
            .set({ paidQuantity: update.paidQuantity, paidBy: paidByOf.get(update.itemId) ?? request.customerName })
            .where(and(eq(billItems.id, update.itemId), eq(billItems.sessionId, sessionId))),
        )
      }
      if (plan.closesBill) {
        statements.push(
          this.#db
            .update(billItems)
            .set({ paidQuantity: sql`${billItems.quantity}`, paidBy: sql`coalesce(${billItems.paidBy}, ${request.customerName})` })
            .where(and(eq(billItems.sessionId, sessionId), lt(billItems.paidQuantity, billItems.quantity))),
        )
      }
      paidCents += plan.amountCents
      if (request.paymentType === 'split' && request.splitCount !== undefined) {
        splitPaid = [...splitPaid, { tableSize: request.splitCount, shares: request.partySize ?? 1 }]
      }
      recorded.push({ payment, reference: charge.reference, totals: billTotals(bill, paidCents) })
      results.push({ ok: true as const, payment: toWirePayment(payment), replayed: false })
    }

    if (statements.length > 0) {
      try {
        await this.#db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
      } catch (error) {
        this.#held = null
        // Nothing was recorded, so nothing may stay charged.
        await Promise.all(recorded.map(({ reference }) => provider.refund(reference)))
        const [only] = recorded
        if (requests.length === 1 && only) {
          // Another table's object may have taken the same transactionId a moment ago.
          const raced = await this.#findReplay(only.payment.transactionId, only.payment.requestHash)
          if (raced) return [raced]
        }
        throw error
      }
    }
    // The demo bill is left to the database: it resets with the clock, not only through here.
    this.#held = table && !isDemoSession(sessionId) ? { sessionId, lines: bill, paidCents, splitPaid } : null
    if (statements.length > 0) this.#commits++
    if (table && recorded.length > 0) {
      this.#announce(
        table.userId,
        recorded.map(({ payment, totals }) => billEvent('payment', sessionId, table, payment.amountCents + payment.taxCents + payment.tipCents, totals)),
      )
    }
    return results
  }

  /**
   * Names the bill as last committed: it changes after every write here (and
   * whenever the object starts afresh), so the Worker may serve a page it
   * rendered under the same version without reading D1 again.
   */
  version(): string {
    return `${this.#instance}:${this.#commits}`
  }

  /** What the bill's pages show changed elsewhere (a staff edit of the table or the restaurant). */
  touch(): void {
    this.#commits++
  }

  /** After an order, a close or a demo reset: the held lines are stale and the version moves on. */
  #changed() {
    this.#held = null
    this.#commits++
  }

  /**
   * Closes the bill and opens the table's next one under a new session id, in
   * one batch, queued behind any order or payment still in flight on this bill.
   */
  close(sessionId: string, tableId: string): Promise<WriteResult<{ sessionId: string }>> {
    return this.#serially(async () => {
      const table = await this.#openTable(sessionId, tableId)
      if (!table.ok) return table
      const next = newSessionId(sessionId)
      const now = Date.now()
      await this.#db.batch([
        this.#db.update(tableSessions).set({ closedAt: now }).where(eq(tableSessions.id, sessionId)),
        this.#db.insert(tableSessions).values({ id: next, tableId, openedAt: now }),
        this.#db.update(tables).set({ sessionId: next }).where(and(eq(tables.id, tableId), eq(tables.sessionId, sessionId))),
      ])
      this.#changed()
      await this.#publish('closed', sessionId, table, null, { total: 0, paid: 0, remaining: 0 })
      return { ok: true as const, sessionId: next }
    })
  }

  /** Brings the public demo table back to its seed when it is stale (ARCHITECTURE.md, Data). */
  restoreDemo(sessionId: string): Promise<void> {
    return this.#serially(async () => {
      const table = await findOpenTable(this.#db, sessionId)
      if (table) await this.#restoreDemoIfStale(sessionId, table)
    })
  }

  /** The table whose open bill this is; a bill closed meanwhile is refused as such, not as unknown. */
  async #openTable(sessionId: string, tableId: string) {
    const table = await findOpenTable(this.#db, sessionId)
    if (table && table.tableId === tableId) return { ok: true as const, ...table }
    return this.#notOpen(sessionId)
  }

  /** Why a write found no open bill: closed meanwhile (said as such), or never one. */
  async #notOpen(sessionId: string) {
    return (await currentSessionOf(this.#db, sessionId)) ? billClosed() : tableNotFound()
  }

  async #findReplay(transactionId: string, requestHash: string) {
    const [existing] = await this.#db.select().from(payments).where(eq(payments.transactionId, transactionId)).limit(1)
    return replayOf(existing, requestHash)
  }

  async #restoreDemoIfStale(sessionId: string, table: BillTable): Promise<void> {
    // Only the public demo table resets; the demo restaurant's other tables keep their bills.
    if (table.userId !== DEMO_OWNER_ID || !isDemoSession(sessionId)) return
    const now = Date.now()
    const [session] = await this.#db
      .select({ openedAt: tableSessions.openedAt })
      .from(tableSessions)
      .where(eq(tableSessions.id, sessionId))
      .limit(1)
    const [lines, paidRows, lastPayment] = await this.#db.batch([
      billLinesQuery(this.#db, sessionId),
      paidCentsQuery(this.#db, sessionId),
      this.#db
        .select({ createdAt: payments.createdAt })
        .from(payments)
        .where(eq(payments.sessionId, sessionId))
        .orderBy(desc(payments.createdAt))
        .limit(1),
    ])
    const total = sumCents(lines.map((line) => line.priceCents))
    const paidLongAgo =
      lines.length > 0 && total <= (paidRows[0]?.paid ?? 0) && now - (lastPayment[0]?.createdAt ?? now) > DEMO_PAID_GRACE_MS
    const tooOld = !session || now - session.openedAt > DEMO_MAX_AGE_MS
    if (lines.length > 0 && !paidLongAgo && !tooOld) return

    await this.#db.batch([
      this.#db.delete(payments).where(eq(payments.sessionId, sessionId)),
      this.#db.delete(billItems).where(eq(billItems.sessionId, sessionId)),
      this.#db
        .insert(tableSessions)
        .values({ id: sessionId, tableId: table.tableId, openedAt: now })
        .onConflictDoUpdate({ target: tableSessions.id, set: { openedAt: now, closedAt: null } }),
      this.#db.insert(billItems).values(
        demoBillLines.map((line) => ({ ...line, id: crypto.randomUUID(), tableId: table.tableId, sessionId, createdAt: now })),
      ),
    ])
    this.#changed()
    await this.#publish('reset', sessionId, table, null)
  }
}

/** A payment already recorded under this transactionId: the same request is answered again, another one refused. */
function replayOf(existing: PaymentRow | undefined, requestHash: string) {
  if (!existing) return null
  if (existing.requestHash !== requestHash) return fail(409, 'REUSED_TRANSACTION', 'This transactionId was already used for a different payment.')
  return { ok: true as const, payment: toWirePayment(existing), replayed: true }
}

function toIntent(request: PaymentRequest): PaymentIntent {
  if (request.paymentType === 'item') {
    return {
      type: 'item',
      amountCents: request.amount,
      items: (request.itemIds ?? []).map((itemId) => ({ itemId, quantity: request.itemQuantities?.[itemId] ?? null })),
    }
  }
  if (request.paymentType === 'split') {
    return { type: 'split', amountCents: request.amount, splitCount: request.splitCount ?? null, partySize: request.partySize ?? 1 }
  }
  return { type: 'full', amountCents: request.amount }
}

const D1_MAX_BOUND_PARAMETERS = 100

function chunk<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size))
}

/** A stable fingerprint of what a payment request asks for, to tell a replay from a reuse of its id. */
async function hashRequest(request: PaymentRequest): Promise<string> {
  const canonical = JSON.stringify([
    request.tableId,
    request.amount,
    request.tipAmount,
    request.total ?? null,
    request.paymentMethod,
    request.paymentType,
    request.customerName,
    [...(request.itemIds ?? [])].sort(),
    Object.entries(request.itemQuantities ?? {}).sort(([a], [b]) => a.localeCompare(b)),
    request.splitCount ?? null,
    request.partySize ?? null,
  ])
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}
