import { describe, expect, it } from 'vitest'
import { setupChecklist, type SetupFacts } from '~/domain/setup-checklist'

/** A restaurant just signed up: its owner alone, nothing set up. */
const fresh: SetupFacts = {
  settingsSaved: false,
  dishes: 0,
  tables: 0,
  stripe: { chargesEnabled: false, detailsSubmitted: false, disconnected: false },
  members: 1,
  pendingInvitations: 0,
  paymentTaken: false,
}

const done = (facts: Partial<SetupFacts>) =>
  Object.fromEntries(setupChecklist({ ...fresh, ...facts }).steps.map(({ step, done }) => [step, done]))

describe('the setup checklist', () => {
  it('has every step to do, in order, right after sign-up', () => {
    const checklist = setupChecklist(fresh)
    expect(checklist.steps).toEqual([
      { step: 'details', done: false },
      { step: 'menu', done: false },
      { step: 'tables', done: false },
      { step: 'payments', done: false },
      { step: 'team', done: false },
      { step: 'testPayment', done: false },
    ])
    expect(checklist.allDone).toBe(false)
    expect(checklist.next).toBe('details')
  })

  it('names one next step: the first not done, whatever was done after it; none once all are', () => {
    expect(setupChecklist({ ...fresh, settingsSaved: true, tables: 2 }).next).toBe('menu')
    expect(setupChecklist({ ...fresh, settingsSaved: true, dishes: 3, tables: 1 }).next).toBe('payments')
  })

  it('marks each step done from its own records only', () => {
    expect(done({ settingsSaved: true })).toMatchObject({ details: true, menu: false })
    expect(done({ dishes: 1 })).toMatchObject({ menu: true, details: false, tables: false })
    expect(done({ tables: 1 })).toMatchObject({ tables: true, menu: false })
    expect(done({ paymentTaken: true })).toMatchObject({ testPayment: true, tables: false })
  })

  it('counts card payments done once Stripe charges and has the owner’s details, and not after a disconnection', () => {
    const stripe = { chargesEnabled: true, detailsSubmitted: true, disconnected: false }
    expect(done({ stripe }).payments).toBe(true)
    expect(done({ stripe: { ...stripe, detailsSubmitted: false } }).payments).toBe(false)
    expect(done({ stripe: { ...stripe, chargesEnabled: false } }).payments).toBe(false)
    expect(done({ stripe: { ...stripe, disconnected: true } }).payments).toBe(false)
  })

  it('counts the team done with a second member or an invitation still open', () => {
    expect(done({ members: 2 }).team).toBe(true)
    expect(done({ pendingInvitations: 1 }).team).toBe(true)
    expect(done({ members: 1, pendingInvitations: 0 }).team).toBe(false)
  })

  it('is all done only when every step is', () => {
    const all: SetupFacts = {
      settingsSaved: true,
      dishes: 3,
      tables: 2,
      stripe: { chargesEnabled: true, detailsSubmitted: true, disconnected: false },
      members: 2,
      pendingInvitations: 0,
      paymentTaken: true,
    }
    expect(setupChecklist(all).allDone).toBe(true)
    expect(setupChecklist(all).next).toBeNull()
    expect(setupChecklist({ ...all, paymentTaken: false }).allDone).toBe(false)
  })
})
