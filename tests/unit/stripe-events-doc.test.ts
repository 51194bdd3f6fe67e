import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { HANDLED_STRIPE_EVENTS } from '~/server/payments/stripe-events.server'

/** docs/payments.md's list of the webhook's events is the one the handler acts on: set up by the docs, none is dropped. */
describe('docs/payments.md', () => {
  it('lists exactly the Stripe events the webhook acts on', () => {
    const docs = readFileSync('docs/payments.md', 'utf8')
    const section = /<!-- stripe-events -->([\s\S]*?)<!-- \/stripe-events -->/.exec(docs)?.[1] ?? ''
    const listed = [...section.matchAll(/`([a-z_.]+)`/g)].map((match) => match[1])
    expect(listed.sort()).toEqual([...HANDLED_STRIPE_EVENTS].sort())
    expect(new Set(listed).size).toBe(listed.length)
  })
})
