import { afterEach, describe, expect, it, vi } from 'vitest'
import { BATCH_GAP_MS, LedgerBatches } from '~/server/live/ledger-batches.server'

/** A promise the test settles itself. */
function deferred() {
  let resolve = () => {}
  const promise = new Promise<void>((settle) => (resolve = settle))
  return { promise, resolve }
}

/**
 * A D1 stand-in that keeps each batch it is given (statements are plain
 * labels here), refusing any batch that holds a label in `refuse`. It answers
 * at once unless `held`: then each batch waits until the test answers it,
 * `asked(n)` resolves once D1 has been given its nth batch, and `log` says
 * in what order D1 was asked and wrote.
 */
function fakeD1({ refuse = new Set<string>(), held = false } = {}) {
  const batches: string[][] = []
  const log: string[] = []
  const answers: (() => void)[] = []
  const arrivals: ReturnType<typeof deferred>[] = []
  const arrival = (n: number) => (arrivals[n - 1] ??= deferred())
  let down = false
  return {
    batches,
    log,
    setDown: (value: boolean) => (down = value),
    asked: (n: number) => arrival(n).promise,
    answer: (n: number) => answers[n - 1]?.(),
    db: {
      batch: async (statements: D1PreparedStatement[]) => {
        const labels = statements as unknown as string[]
        if (held) {
          const answered = deferred()
          answers.push(answered.resolve)
          log.push(`asked ${labels.join(',')}`)
          arrival(answers.length).resolve()
          await answered.promise
        }
        if (down) throw new Error('D1 is down')
        if (labels.some((label) => refuse.has(label)))
          throw new Error(`D1 refused ${labels.find((label) => refuse.has(label))}`)
        batches.push(labels)
        log.push(`wrote ${labels.join(',')}`)
        return []
      },
    } as unknown as Pick<D1Database, 'batch'>,
  }
}
const statements = (...labels: string[]) => labels as unknown as D1PreparedStatement[]

describe("the restaurant's deliveries to D1", () => {
  afterEach(() => vi.useRealTimers())

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

  it('write a lone delivery at once, answer it only once D1 has it, and take those that come meanwhile together in the next batch, once the gap since the first began has passed', async () => {
    // The clock stands still until the test moves it: a lone delivery that waited for time to pass would never reach D1.
    vi.useFakeTimers()
    const d1 = fakeD1({ held: true })
    const ledger = new LedgerBatches(d1.db)
    const write = (label: string) => ledger.write(statements(label)).then(() => d1.log.push(`answered ${label}`))
    const first = write('a')
    await d1.asked(1)
    const later = [write('b'), write('c')]
    d1.answer(1)
    await first
    await vi.advanceTimersByTimeAsync(BATCH_GAP_MS - 1)
    expect(d1.log).toEqual(['asked a', 'wrote a', 'answered a'])
    await vi.advanceTimersByTimeAsync(1)
    await d1.asked(2)
    d1.answer(2)
    await Promise.all(later)
    expect(d1.log).toEqual(['asked a', 'wrote a', 'answered a', 'asked b,c', 'wrote b,c', 'answered b', 'answered c'])
  })

  it('write a full batch that waits without waiting out the gap', async () => {
    vi.useFakeTimers()
    const d1 = fakeD1({ held: true })
    const ledger = new LedgerBatches(d1.db)
    const first = ledger.write(statements('a'))
    await d1.asked(1)
    const full = ledger.write(statements(...Array.from({ length: 400 }, (_, index) => `x${index}`)))
    d1.answer(1)
    await first
    await d1.asked(2)
    d1.answer(2)
    await full
    expect(d1.batches.map((batch) => batch.length)).toEqual([1, 400])
  })

  it('write a delivery that comes once the gap has passed at once', async () => {
    vi.useFakeTimers()
    const d1 = fakeD1()
    const ledger = new LedgerBatches(d1.db)
    await ledger.write(statements('a'))
    vi.advanceTimersByTime(BATCH_GAP_MS)
    await ledger.write(statements('b'))
    expect(d1.batches).toEqual([['a'], ['b']])
  })

  it('keep one table whose delivery D1 refuses from holding the others back', async () => {
    const d1 = fakeD1({ refuse: new Set(['poison']) })
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
