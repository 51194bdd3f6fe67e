/**
 * The stand-in's switches: what happens on Stripe's side that no API call of
 * Mesa's causes (time passing, the bank, the restaurant's own Dashboard, bad
 * days). Each is reachable from JS (the object createStripeStandIn returns)
 * and, for worker tests that reach the stand-in only over HTTP, as a
 * form-encoded `POST /_standin/…` endpoint that calls the same function.
 */
import { type AccountChanges, deauthorizeAccount, updateAccount } from './account-changes'
import { activateAccount } from './accounts'
import { closeDispute, DISPUTE_REASONS, openDispute, updateDispute } from './disputes'
import { invalidParameter } from './errors'
import { type ReleaseOptions, type WebhookSender } from './events'
import { addFaultEndpoint, clearFaultsEndpoint, type FaultSpec } from './faults'
import { Params } from './params'
import { dashboardRefund, REFUND_FAILURE_REASONS, settleRefund } from './refund-settlement'
import { type RefundMode } from './refunds'
import { pageRoute, type Route } from './routes'
import { type Call, type StandInState } from './state'
import { passTime } from './time'

interface Dependencies {
  state: StandInState
  /** A Call on `account` for what no request causes; its events name no request. */
  internalCall: (account?: string | null) => Call
  webhooks: WebhookSender
}

const REFUND_MODES = ['pending', 'succeeded'] as const

export function createControls({ state, internalCall, webhooks }: Dependencies) {
  /** An object's own account: what Stripe does to it happens there. */
  const onOwnerOf = (id: string) => internalCall(state.owners.get(id) ?? null)
  const checkMode = (mode: string): RefundMode => {
    if (!(REFUND_MODES as readonly string[]).includes(mode))
      throw invalidParameter(`Invalid mode: must be one of ${REFUND_MODES.join(', ')}`, { param: 'mode' })
    return mode as RefundMode
  }
  return {
    clock: {
      now: () => state.clock.now(),
      /** Moves the clock `seconds` ahead and runs what time does meanwhile; answers the new now. */
      advance(seconds: number): number {
        state.clock.move(seconds)
        passTime(internalCall())
        webhooks.retryDue(state.clock.now())
        return state.clock.now()
      },
    },
    faults: {
      add: (spec: FaultSpec) => state.faults.arm(spec),
      clear: (account?: string) => state.faults.clear(account),
    },
    refunds: {
      /** How new refunds come out on every account without a mode of its own. */
      get mode(): RefundMode {
        return state.refundModes.all
      },
      set mode(mode: RefundMode) {
        state.refundModes.all = checkMode(mode)
      },
      /** On one account only, or (without one) on all. */
      setMode(mode: RefundMode, account?: string) {
        if (account === undefined) state.refundModes.all = checkMode(mode)
        else state.refundModes.accounts.set(account, checkMode(mode))
      },
      settle: (id: string, result: 'succeeded' | 'failed', failureReason?: string) =>
        settleRefund(onOwnerOf(id), id, result, failureReason),
      fromDashboard: (paymentIntentId: string, amount?: number) =>
        dashboardRefund(onOwnerOf(paymentIntentId), paymentIntentId, amount),
    },
    disputes: {
      open: (paymentIntentId: string, options: { reason?: string; amount?: number } = {}) =>
        openDispute(onOwnerOf(paymentIntentId), paymentIntentId, options),
      update: (id: string, status: string) => updateDispute(onOwnerOf(id), id, status),
      close: (id: string, status: 'won' | 'lost') => closeDispute(onOwnerOf(id), id, status),
    },
    accounts: {
      activate: (id: string) => activateAccount(internalCall(), id),
      deauthorize: (id: string) => deauthorizeAccount(internalCall(), id),
      update: (id: string, changes: AccountChanges) => updateAccount(internalCall(), id, changes),
    },
    webhooks: {
      /** Queues deliveries instead of sending them, until release. */
      hold: () => webhooks.hold(),
      release: (options?: ReleaseOptions) => webhooks.release(options),
    },
  }
}

export type Controls = ReturnType<typeof createControls>

/** The same switches over HTTP. */
export function controlRoutes(controls: Controls): Route[] {
  const post = (pattern: string, endpoint: (call: Call) => object) => pageRoute('POST', pattern, endpoint)
  return [
    post('/_standin/clock/advance', (call) => {
      const seconds = new Params(call.form, ['seconds']).requiredInteger('seconds')
      if (seconds < 0) throw invalidParameter('Invalid seconds: the clock only moves forward', { param: 'seconds' })
      return { now: controls.clock.advance(seconds) }
    }),
    post('/_standin/faults', addFaultEndpoint),
    post('/_standin/faults/clear', clearFaultsEndpoint),
    post('/_standin/refunds/mode', (call) => {
      const params = new Params(call.form, ['mode', 'account'])
      const mode = params.requiredOneOf('mode', REFUND_MODES)
      const account = params.string('account')
      controls.refunds.setMode(mode, account)
      return { mode, account: account ?? null }
    }),
    post('/_standin/refunds/:id/settle', (call) => {
      const params = new Params(call.form, ['result', 'failure_reason'])
      const result = params.requiredOneOf('result', ['succeeded', 'failed'])
      return controls.refunds.settle(call.path.id!, result, params.oneOf('failure_reason', REFUND_FAILURE_REASONS))
    }),
    post('/_standin/payment_intents/:id/dashboard-refund', (call) => {
      const amount = new Params(call.form, ['amount']).integer('amount')
      return controls.refunds.fromDashboard(call.path.id!, amount)
    }),
    post('/_standin/payment_intents/:id/dispute', (call) => {
      const params = new Params(call.form, ['reason', 'amount'])
      return controls.disputes.open(call.path.id!, {
        reason: params.oneOf('reason', DISPUTE_REASONS),
        amount: params.integer('amount'),
      })
    }),
    post('/_standin/disputes/:id/update', (call) => {
      const status = new Params(call.form, ['status']).requiredString('status')
      return controls.disputes.update(call.path.id!, status)
    }),
    post('/_standin/disputes/:id/close', (call) => {
      const status = new Params(call.form, ['status']).requiredOneOf('status', ['won', 'lost'])
      return controls.disputes.close(call.path.id!, status)
    }),
    post('/_standin/accounts/:id/deauthorize', (call) => {
      Params.none(call.form)
      return controls.accounts.deauthorize(call.path.id!)
    }),
    post('/_standin/accounts/:id/update', (call) => controls.accounts.update(call.path.id!, accountChanges(call))),
    post('/_standin/webhooks/hold', (call) => {
      Params.none(call.form)
      controls.webhooks.hold()
      return { held: true }
    }),
    post('/_standin/webhooks/release', (call) => {
      const params = new Params(call.form, ['order', 'seed', 'duplicates', 'concurrent'])
      const released = controls.webhooks.release({
        order: params.oneOf('order', ['in-order', 'reversed', 'shuffled']),
        seed: params.integer('seed'),
        duplicates: params.boolean('duplicates'),
        concurrent: params.boolean('concurrent'),
      })
      return { released }
    }),
  ]
}

function accountChanges(call: Call): AccountChanges {
  const params = new Params(call.form, ['charges_enabled', 'payouts_enabled', 'requirements'])
  const requirements = params.object('requirements', [
    'currently_due',
    'eventually_due',
    'past_due',
    'current_deadline',
    'disabled_reason',
  ])
  return {
    charges_enabled: params.boolean('charges_enabled'),
    payouts_enabled: params.boolean('payouts_enabled'),
    ...(requirements
      ? {
          requirements: Object.fromEntries(
            Object.entries({
              currently_due: requirements.clearableStringList('currently_due'),
              eventually_due: requirements.clearableStringList('eventually_due'),
              past_due: requirements.clearableStringList('past_due'),
              current_deadline: requirements.clearableInteger('current_deadline'),
              disabled_reason: requirements.clearableString('disabled_reason'),
            }).filter(([, value]) => value !== undefined),
          ),
        }
      : {}),
  }
}
