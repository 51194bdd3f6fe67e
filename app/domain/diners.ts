import type { TFunction } from '~/locales/translate'
import { lineSettled } from './bill'

/** How a payment whose payer gave no name is stored; each screen says it in its reader's language. */
export const GUEST = 'Guest'

/** Who ordered a line, as a diner reads it: a diner by the name they gave, the member of staff who took it, or nobody named. */
export type OrderedBy = { who: 'diner'; name: string } | { who: 'staff'; name: string } | { who: 'guest' }

export function orderedBy(line: { customerName: string | null; addedBy?: string | null }): OrderedBy {
  const name = line.customerName?.trim()
  if (name && name !== GUEST) return { who: 'diner', name }
  if (line.addedBy) return { who: 'staff', name: line.addedBy }
  return { who: 'guest' }
}

/** How many diners ordered on a bill under a name of their own: the party as the bill knows it. */
export const namedDiners = (lines: readonly { customerName: string | null; addedBy?: string | null }[]) =>
  new Set(
    lines.flatMap((line) => {
      const by = orderedBy(line)
      return by.who === 'diner' ? [by.name.toLocaleLowerCase('es-MX')] : []
    }),
  ).size

/** "Pidió Ana", "Pidió Beto (mesero)", "Pidió Invitado". */
export function orderedByLabel(by: OrderedBy, t: TFunction): string {
  const name =
    by.who === 'diner'
      ? by.name
      : by.who === 'staff'
        ? t('customer.bill.staffName', { name: by.name })
        : t('customer.bill.guest')
  return t('customer.bill.orderedBy', { name })
}

/** Lines of one diner on the pay-items screen; `customerName` null is the Guest group. */
interface DinerGroup<Line> {
  customerName: string | null
  lines: Line[]
}

/**
 * Groups the lines still to pay by who ordered them: named diners
 * alphabetically in the reader's locale, unnamed lines under Guest, last.
 */
export function groupUnpaidByDiner<
  Line extends { customerName: string | null; quantity: number; paidQuantity: number },
>(lines: readonly Line[], locale: string): DinerGroup<Line>[] {
  const groups = new Map<string | null, Line[]>()
  for (const line of lines) {
    if (lineSettled(line)) continue
    const name = line.customerName?.trim() || null
    const group = groups.get(name)
    if (group) group.push(line)
    else groups.set(name, [line])
  }
  const collator = new Intl.Collator(locale, { sensitivity: 'base' })
  return [...groups]
    .map(([customerName, groupLines]) => ({ customerName, lines: groupLines }))
    .sort((a, b) =>
      a.customerName === null ? 1 : b.customerName === null ? -1 : collator.compare(a.customerName, b.customerName),
    )
}
