/**
 * A new restaurant's setup checklist: the steps from sign-up to the first
 * payment on one of its own tables, each done or not as the restaurant's
 * records say (docs/onboarding.md says why each step reads what it reads).
 */
const SETUP_STEPS = ['details', 'menu', 'tables', 'payments', 'team', 'testPayment'] as const
export type SetupStep = (typeof SETUP_STEPS)[number]

/** What the records say, counted or flagged by the server. */
export interface SetupFacts {
  /** Whether the restaurant's settings (profile, taxes, time zone) were saved once since it opened. */
  settingsSaved: boolean
  /** Dishes on any of its menus. */
  dishes: number
  /** Tables in use (not archived). */
  tables: number
  stripe: {
    /** Stripe lets the account charge. */
    chargesEnabled: boolean
    /** The owner finished Stripe's onboarding, the bank account included. */
    detailsSubmitted: boolean
    /** The account took Mesa's access away since. */
    disconnected: boolean
  }
  /** Its members, the owner who opened it included. */
  members: number
  /** Invitations still open (neither accepted, cancelled nor expired). */
  pendingInvitations: number
  /** Whether any of its tables took a payment, a diner's or one staff recorded. */
  paymentTaken: boolean
}

export interface SetupChecklist {
  steps: { step: SetupStep; done: boolean }[]
  /** The one step to do next: the first not done, in the list's order; null once all are. */
  next: SetupStep | null
  allDone: boolean
}

const isDone: Record<SetupStep, (facts: SetupFacts) => boolean> = {
  details: (facts) => facts.settingsSaved,
  menu: (facts) => facts.dishes > 0,
  tables: (facts) => facts.tables > 0,
  payments: ({ stripe }) => stripe.chargesEnabled && stripe.detailsSubmitted && !stripe.disconnected,
  team: (facts) => facts.members > 1 || facts.pendingInvitations > 0,
  testPayment: (facts) => facts.paymentTaken,
}

export function setupChecklist(facts: SetupFacts): SetupChecklist {
  const steps = SETUP_STEPS.map((step) => ({ step, done: isDone[step](facts) }))
  return { steps, next: steps.find((step) => !step.done)?.step ?? null, allDone: steps.every((step) => step.done) }
}
