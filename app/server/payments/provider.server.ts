import type { PaymentMethod } from '~/domain/bill'
import { appEnv } from '../env.server'
import { isDemoSession } from '../table-session.server'

export interface ChargeRequest {
  transactionId: string
  /** The whole charge in cents: bill part, any tax added on top, and tip. */
  totalCents: number
  method: PaymentMethod
  description: string
}

export type ChargeResult = { ok: true; reference: string } | { ok: false; message: string }

/**
 * Where money actually moves. The TableSession object charges only after the
 * bill has accepted the payment and records it only after the charge, so a
 * refused payment never charges and a charge never goes unrecorded. A real
 * provider (Stripe) implements this and is chosen by PAYMENT_PROVIDER.
 */
export interface PaymentProvider {
  readonly id: string
  /** Whether the screens must say that no real money moves. */
  readonly isDemo: boolean
  charge(request: ChargeRequest): Promise<ChargeResult>
  /** Gives a charge back when it could not be recorded. */
  refund(reference: string): Promise<void>
}

/** Approves every charge without moving money: local development and the public demo. */
export const simulatedProvider: PaymentProvider = {
  id: 'simulated',
  isDemo: true,
  async charge(request) {
    return { ok: true, reference: `sim_${request.transactionId}` }
  },
  async refund() {},
}

/**
 * The provider that charges for the bill `sessionId`. The public demo table
 * is always simulated; every other table gets PAYMENT_PROVIDER, which
 * production refuses to be 'simulated' (see env.server.ts), so in production
 * only the demo table ever approves a payment without moving money.
 */
export function getPaymentProvider(env: Env, sessionId: string): PaymentProvider {
  if (isDemoSession(sessionId)) return simulatedProvider
  switch (appEnv(env).PAYMENT_PROVIDER) {
    case 'simulated':
      return simulatedProvider
  }
}
