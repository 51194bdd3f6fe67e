/* What the bench measured: each figure printed as it comes, and kept for bench/results.json. */

export type Figure = {
  name: string
  value: number | string
  unit: string
  target: string
  pass: boolean | null
  note?: string
}
export const figures: Figure[] = []
export const record = (figure: Figure) => {
  figures.push(figure)
  const verdict = figure.pass === null ? '    ' : figure.pass ? 'pass' : 'MISS'
  console.log(
    `${verdict}  ${figure.name.padEnd(58)} ${String(figure.value).padStart(10)} ${figure.unit.padEnd(8)} target ${figure.target}${figure.note ? `  (${figure.note})` : ''}`,
  )
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

/** The nearest-rank percentile (p in 0–100) of `values`: a value some payment really had. */
export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}
