import { billTotals } from '~/domain/bill'
import { DEFAULT_WALKOUT_MINUTES, walkoutDue, type CallReason } from '~/domain/alerts'
import { refs } from '~/domain/live'
import type { Signature } from '~/domain/signature'
import { fail, type WriteResult } from './write-failures.server'
import type { LiveAttachment } from '../live/live-sockets.server'
import type { BillCore } from './bill-core.server'
import type { WaiterCall } from './floor-store.server'

const NO_CALL = () => fail('NOT_FOUND', 'This call is not on this bill.')

/**
 * The floor around a bill: a diner calling the waiter and a member
 * answering, and the watch for a table gone quiet with something unpaid.
 * None of it is in the ledger: staff hear of it at once.
 */
export class FloorFlow {
  constructor(private readonly bill: BillCore) {
    bill.whenActive(() => this.active())
  }

  /**
   * A diner calls the waiter: the table's followers are alerted, and the
   * diner is told it was received once the hub has stored the alert. One
   * call waits at a time: calling again while one waits answers that one.
   */
  callWaiter(sessionId: string, reason: CallReason): Promise<WriteResult<{ call: WaiterCall; existing: boolean }>> {
    return this.bill.write<{ call: WaiterCall; existing: boolean }>(sessionId, 'open', () => {
      const waiting = this.bill.store.floor.openCall()
      if (waiting) return { answer: { call: waiting, existing: true } }
      const call: WaiterCall = {
        id: crypto.randomUUID(),
        reason,
        createdAt: Date.now(),
        answeredAt: null,
        answeredBy: null,
      }
      return {
        answer: { call, existing: false },
        commit: () => this.bill.store.floor.addCall(call),
        news: { heard: 'now', change: 'call', amountCents: null, ref: call.id, reason },
      }
    })
  }

  /** A member answers a diner's call: the diners see who is coming. Answering it again changes nothing. */
  answerCall(sessionId: string, callId: string, by: Signature): Promise<WriteResult<{ call: WaiterCall }>> {
    return this.bill.write(sessionId, { missing: NO_CALL() }, () => {
      const call = this.bill.store.floor.call(callId)
      if (!call) return NO_CALL()
      if (call.answeredAt !== null) return { answer: { call } }
      const now = Date.now()
      return {
        answer: { call: { ...call, answeredAt: now, answeredBy: by.name } },
        commit: () => this.bill.store.floor.answer(callId, by.name, now),
        news: { heard: 'now', change: 'call-answered', amountCents: null, ref: callId, by: by.userId },
      }
    })
  }

  /** Something happened on the bill: the quiet that makes a walkout counts from now. */
  active(): void {
    if (!this.bill.store.header()) return
    const now = Date.now()
    this.bill.store.floor.touched(now)
    void this.watchForWalkout(now)
  }

  /**
   * Tells staff once when the bill looks walked out on (see walkoutDue), or
   * sets the alarm for when it would, while something is unpaid and none of
   * its diners' pages is open.
   */
  async watchForWalkout(now = Date.now()): Promise<void> {
    const { store, ctx, alarm } = this.bill
    const header = store.header()
    if (!header || header.closedAt !== null) return
    const seen = store.floor.activity()
    if (!seen) return
    const state = store.state()
    const bill = {
      unpaidCents: billTotals(state.lines, state.paid).remaining,
      dinersOnline: ctx.getWebSockets().filter((socket) => {
        const attachment = socket.deserializeAttachment() as LiveAttachment | null
        return attachment?.role === 'diner' && socket.readyState === WebSocket.OPEN
      }).length,
      lastActivity: seen.lastAt,
      alertedAt: seen.walkoutAlertedAt,
      now,
      minutes: header.table.walkoutMinutes ?? DEFAULT_WALKOUT_MINUTES,
    }
    if (walkoutDue(bill)) {
      store.transaction(() => store.floor.walkoutAlerted(now))
      await this.bill.tellStaffNow(header, {
        change: 'walkout',
        amountCents: bill.unpaidCents,
        ref: refs.walkout(header.sessionId, seen.lastAt),
      })
    } else if (bill.unpaidCents > 0 && bill.dinersOnline === 0)
      await alarm.walkoutCheck(bill.lastActivity + bill.minutes * 60_000)
  }
}
