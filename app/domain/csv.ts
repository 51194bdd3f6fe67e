import { decimalPesos, type Cents } from './money'

/*
 * A spreadsheet as the owner opens it: money as plain decimals with a point
 * (how Excel reads numbers in Mexico), comma-separated, CRLF lines, and a
 * byte order mark so Excel reads the file as UTF-8 and keeps "Cortesías"
 * and "Muñoz".
 */

const BOM = '\uFEFF'

/**
 * A text cell: quoted when it holds a separator, a quote or a line break.
 * Text staff typed (a name, a reason) that starts like a formula gets a
 * leading apostrophe, so a spreadsheet shows it instead of running it.
 */
export function csvText(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export type Cell = { text: string } | { number: string } | null

export const text = (value: string): Cell => ({ text: value })
export const count = (value: number): Cell => ({ number: String(value) })
export const money = (cents: Cents): Cell => ({ number: decimalPesos(cents) })

const cell = (value: Cell) => (value === null ? '' : 'text' in value ? csvText(value.text) : value.number)

/** The rows as the file's text. */
export const csvDocument = (rows: readonly (readonly Cell[])[]) =>
  BOM + rows.map((cells) => cells.map(cell).join(',')).join('\r\n') + '\r\n'
