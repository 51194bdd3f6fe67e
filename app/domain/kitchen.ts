import type { Signature } from './signature'

/**
 * A kitchen ticket's steps, in order: every order that reaches a bill is a
 * ticket at `new` (Recibido), and the kitchen moves it on.
 */
export const TICKET_STEPS = ['new', 'preparing', 'ready', 'served'] as const
export type TicketStep = (typeof TICKET_STEPS)[number]

const indexOf = (step: TicketStep) => TICKET_STEPS.indexOf(step)

/** The step after `step`; null once served. */
export function nextStep(step: TicketStep): TicketStep | null {
  return TICKET_STEPS[indexOf(step) + 1] ?? null
}

/** One move of a ticket, as it is kept on the ticket: who moved it, when, and whether it undid the one before. */
export interface TicketMove {
  step: TicketStep
  at: number
  by: string
  byId: string | null
  undo: boolean
}

/** What a tap asks: move on to `to`; or, to undo, go back one from `from` (the step the screen showed). */
export type TicketRequest = { to: TicketStep; undoFrom?: undefined } | { to?: undefined; undoFrom: TicketStep }

type TicketMoveResult =
  | { ok: true; changed: false; step: TicketStep }
  | { ok: true; changed: true; step: TicketStep; move: TicketMove }
  | { ok: false; code: 'TICKET_BACKWARDS'; message: string }

/**
 * Moves a ticket as the kitchen asks, idempotent and in order. A move on
 * may skip steps (a drink goes from Recibido to Listo); a tap for the step
 * the ticket is at, or one it has passed, changes nothing when it is the
 * same (two tablets, one tap each) and is refused when it would go back: a
 * ticket goes back only by an undo, one step, recorded. An undo names the
 * step it undoes, so a second tap of the same undo finds the ticket moved
 * and changes nothing.
 */
export function moveTicket(current: TicketStep, request: TicketRequest, by: Signature, now: number): TicketMoveResult {
  const move = (step: TicketStep, undo: boolean): TicketMoveResult => ({
    ok: true,
    changed: true,
    step,
    move: { step, at: now, by: by.name, byId: by.userId, undo },
  })
  if (request.undoFrom !== undefined) {
    const back = TICKET_STEPS[indexOf(request.undoFrom) - 1]
    if (request.undoFrom !== current || !back) return { ok: true, changed: false, step: current }
    return move(back, true)
  }
  if (request.to === current) return { ok: true, changed: false, step: current }
  if (indexOf(request.to) < indexOf(current))
    return {
      ok: false,
      code: 'TICKET_BACKWARDS',
      message: `This ticket is already ${current}; undo its last step to move it back.`,
    }
  return move(request.to, false)
}

/** What the kitchen reads of a line of an order: the dish, its options and note, how many, and how many were voided since. */
export interface TicketLine {
  lineId: string
  name: string
  /** The options chosen, as the line describes them. */
  options: string | null
  note: string | null
  quantity: number
  /** Units voided off the bill after the order: the kitchen stops making them. */
  voided: number
}

/** A line as the bill keeps it, as a ticket line when its order is taken. */
export function ticketLineOf(line: {
  id: string
  name: string
  description: string | null
  note: string | null
  quantity: number
}): TicketLine {
  return {
    lineId: line.id,
    name: line.name,
    options: line.description,
    note: line.note,
    quantity: line.quantity,
    voided: 0,
  }
}

/** Units of a ticket's line still to make: those ordered, less those voided since (0 once every unit went). */
export const unitsToMake = (line: Pick<TicketLine, 'quantity' | 'voided'>) => Math.max(0, line.quantity - line.voided)

/** Minutes a ticket has waited, whole and never negative (a tablet's clock may run behind). */
export const minutesSince = (since: number, now: number) => Math.max(0, Math.floor((now - since) / 60_000))

/** The steps the board shows unless asked for one: what is still to make or to take out. Served tickets only when asked for. */
export const OPEN_STEPS: readonly TicketStep[] = ['new', 'preparing', 'ready']

/** The board's view: every open ticket (null), or one step's. Anything else in the address is the open tickets. */
export const boardStep = (asked: string | null): TicketStep | null =>
  TICKET_STEPS.find((step) => step === asked) ?? null

/**
 * The all-day counts: how many of each dish the tickets still to make (new
 * or in preparation) need, whatever their options, voided units left out;
 * most first, then by name.
 */
export function allDayCounts(
  tickets: readonly { step: TicketStep; lines: readonly Pick<TicketLine, 'name' | 'quantity' | 'voided'>[] }[],
): { name: string; units: number }[] {
  const units = new Map<string, number>()
  for (const ticket of tickets) {
    if (ticket.step !== 'new' && ticket.step !== 'preparing') continue
    for (const line of ticket.lines) {
      const left = unitsToMake(line)
      if (left > 0) units.set(line.name, (units.get(line.name) ?? 0) + left)
    }
  }
  return [...units]
    .map(([name, count]) => ({ name, units: count }))
    .sort((a, b) => b.units - a.units || a.name.localeCompare(b.name, 'es-MX'))
}

/**
 * The minutes a ticket's card shows: how long it has waited, counting, until
 * it is served; then how long it took, which no longer counts.
 */
export const ticketMinutes = (ticket: { step: TicketStep; createdAt: number; stepAt: number }, now: number) =>
  minutesSince(ticket.createdAt, ticket.step === 'served' ? ticket.stepAt : now)
