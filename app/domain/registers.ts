/**
 * A restaurant's cash registers. A restaurant that names none has one
 * drawer (its own, `null`); one that names registers has a drawer per
 * register in use, each counted apart, and cash a device records goes into
 * the register that device chose (a shared tablet is one).
 */
export interface Register {
  id: string
  name: string
  /** When it was taken out of use: it keeps its name on the sessions it held, and takes no more cash. */
  retiredAt: number | null
}

/** The registers cash may go into now, in the order they were named. */
export const registersInUse = <R extends Register>(registers: readonly R[]): R[] =>
  registers.filter((register) => register.retiredAt === null)

/** The drawers cash goes into now: each register's in use, or the restaurant's own when it names none. */
export function drawersInUse(registers: readonly Register[]): (string | null)[] {
  const used = registersInUse(registers)
  return used.length > 0 ? used.map((register) => register.id) : [null]
}

/**
 * The drawer a device's cash goes into: the register it chose while that is
 * in use, else the first in use; the restaurant's own drawer when it names
 * none.
 */
export function drawerOfDevice(registers: readonly Register[], chosen: string | null): string | null {
  const used = registersInUse(registers)
  return (used.find((register) => register.id === chosen) ?? used[0])?.id ?? null
}

/** The name of a register by its id, retired ones too; null for the restaurant's own drawer or one not known. */
export const registerName = (registers: readonly Register[], id: string | null): string | null =>
  id === null ? null : (registers.find((register) => register.id === id)?.name ?? null)
