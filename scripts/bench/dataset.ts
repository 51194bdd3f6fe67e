import { ownerSql, tableSql } from '../dataset-sql'

/**
 * The steady-state payments case: this many tables, each bill this many
 * lines. `BENCH_STEADY=20x5 npx tsx scripts/bench.ts` (after a build) runs
 * that case alone at 20 tables × 5 lines, on its own server, as a quick check
 * of the case; it prints its figure and leaves bench/results.json alone, so a
 * smoke run never replaces a full run's figures.
 */
export const STEADY = steadyScale(process.env.BENCH_STEADY)

function steadyScale(value: string | undefined) {
  if (value === undefined) return { tables: 200, lines: 50, alone: false }
  const match = /^([1-9]\d*)x([1-9]\d*)$/.exec(value)
  // A misspelt scale must not start the full run.
  if (!match) throw new Error(`BENCH_STEADY is tables x lines, e.g. 20x5, not ${JSON.stringify(value)}`)
  return { tables: Number(match[1]), lines: Number(match[2]), alone: true }
}

// Centavos that differ from line to line, so a cent lost or counted twice, or one line's payment taken for another's, shows in a table's total.
export const steadyCents = (line: number) => 4501 + line * 37

/** The bench dataset: one owner; a 12-line bill; a 1,000-line bill; 200 one-line tables; the steady-state tables. */
export function datasetSql() {
  const owner = 'bench-owner'
  const statements = [ownerSql(owner, 'Fonda Bench')]
  const table = (id: string, number: string, lines: number, cents: number | ((line: number) => number)) =>
    statements.push(
      ...tableSql({
        owner,
        tableId: id,
        sessionId: `${id}-s`,
        number,
        lines: Array.from({ length: lines }, (_, line) => ({
          id: `${id}-i${line}`,
          name: `Platillo ${line + 1}`,
          cents: typeof cents === 'number' ? cents : cents(line),
          quantity: 1,
          diner: `Comensal ${(line % 4) + 1}`,
        })),
      }),
    )
  table('bill12', '12', 12, 12350)
  table('pay1000', '1000', 1000, 1000)
  for (let index = 0; index < 200; index++) table(`many${index}`, `M${index}`, 1, 25000)
  table('checkout', 'C1', 3, 14500)
  // "Pagar lo mío": the phone ordered the 2× line (its cookie says so, see orderedHere); the others are the table's.
  statements.push(
    ...tableSql({
      owner,
      tableId: 'mine',
      sessionId: 'mine-s',
      number: 'C2',
      lines: [
        { id: 'mine-i0', name: 'Tacos al pastor', cents: 11000, quantity: 2, diner: 'Comensal 1' },
        { id: 'mine-i1', name: 'Enchiladas', cents: 17500, quantity: 1, diner: 'Comensal 2' },
        { id: 'mine-i2', name: 'Agua de horchata', cents: 4500, quantity: 1, diner: 'Comensal 3' },
      ],
    }),
  )
  for (let index = 0; index < STEADY.tables; index++) table(`steady${index}`, `S${index}`, STEADY.lines, steadyCents)
  return statements.join('\n') + '\n'
}

/** One payment body per line of the 1,000-line bill, each paying its own line ($10), under transaction ids `${prefix}-N`. */
export const thousandItemBodies = (prefix: string) =>
  Array.from({ length: 1000 }, (_, line) => ({
    tableId: 'pay1000',
    amount: 10,
    tipAmount: 0,
    paymentMethod: 'card',
    paymentType: 'item',
    itemIds: [`pay1000-i${line}`],
    customerName: 'Bench',
    transactionId: `${prefix}-${line}`,
  }))
