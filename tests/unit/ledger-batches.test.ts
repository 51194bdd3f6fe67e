import { describe, expect, it } from 'vitest'
import { LedgerBatches } from '~/server/live/ledger-batches.server'

/** A D1 stand-in that keeps each batch it is given (statements are plain labels here), refusing any batch that holds a label in `refuse`. */
function fakeD1(refuse = new Set<string>()) {
  const batches: string[][] = []
  let down = false
  return {
    batches,
    setDown: (value: boolean) => (down = value),
    db: {
      batch: async (statements: D1PreparedStatement[]) => {
        const labels = statements as unknown as string[]
        await new Promise((resolve) => setTimeout(resolve, 5))
        if (down) throw new Error('D1 is down')
        if (labels.some((label) => refuse.has(label)))
          throw new Error(`D1 refused ${labels.find((label) => refuse.has(label))}`)
        batches.push(labels)
        return []
      },
    } as unknown as Pick<D1Database, 'batch'>,
  }
}
const statements = (...labels: string[]) => labels as unknown as D1PreparedStatement[]

describe("the restaurant's deliveries to D1", () => {
  it('write the tables that deliver at the same moment in one D1 batch, each in its own order', async () => {
    const d1 = fakeD1()
    const ledger = new LedgerBatches(d1.db)
    await Promise.all([
      ledger.write(statements('t1-line', 't1-payment')),
      ledger.write(statements('t2-line', 't2-payment')),
      ledger.write(statements('t3-payment')),
    ])
    expect(d1.batches).toEqual([['t1-line', 't1-payment', 't2-line', 't2-payment', 't3-payment']])
  })

  it('write a lone delivery at once, answer it only once D1 has it, and take those that come meanwhile together in the next batch', async () => {
    const d1 = fakeD1()
    const ledger = new LedgerBatches(d1.db)
    const first = ledger.write(statements('a'))
    let firstDone = false
    void first.then(() => (firstDone = true))
    // D1 is writing the first (the stand-in takes 5 ms): not answered yet.
    await new Promise((resolve) => setTimeout(resolve, 1))
    expect(firstDone).toBe(false)
    const later = [ledger.write(statements('b')), ledger.write(statements('c'))]
    await first
    expect(d1.batches).toEqual([['a']])
    await Promise.all(later)
    expect(d1.batches).toEqual([['a'], ['b', 'c']])
  })

  it('keep one table whose delivery D1 refuses from holding the others back', async () => {
    const d1 = fakeD1(new Set(['poison']))
    const ledger = new LedgerBatches(d1.db)
    const answers = await Promise.allSettled([
      ledger.write(statements('t1')),
      ledger.write(statements('poison')),
      ledger.write(statements('t3')),
    ])
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(d1.batches.flat().sort()).toEqual(['t1', 't3'])
  })

  it('fail every delivery while D1 is down, and write them all once it is back', async () => {
    const d1 = fakeD1()
    const ledger = new LedgerBatches(d1.db)
    d1.setDown(true)
    const refused = await Promise.allSettled([ledger.write(statements('a')), ledger.write(statements('b'))])
    expect(refused.map((answer) => answer.status)).toEqual(['rejected', 'rejected'])
    d1.setDown(false)
    await Promise.all([ledger.write(statements('a')), ledger.write(statements('b'))])
    expect(d1.batches).toEqual([['a', 'b']])
  })

  it('never put more than a batch can carry together, yet always take a delivery whole', async () => {
    const d1 = fakeD1()
    const ledger = new LedgerBatches(d1.db)
    const big = Array.from({ length: 300 }, (_, index) => `x${index}`)
    await Promise.all([
      ledger.write(statements(...big)),
      ledger.write(statements(...big.map((label) => `y${label}`))),
      ledger.write(statements('z')),
    ])
    expect(d1.batches.map((batch) => batch.length)).toEqual([300, 301])
  })
})
