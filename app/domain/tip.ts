import type { Cents } from './money'

/** The suggested tips, beside "no tip"; none is chosen for the diner (a tip is voluntary). */
export const TIP_PRESETS = [
  { percent: 10, labelKey: 'tip.good' },
  { percent: 15, labelKey: 'tip.great' },
  { percent: 20, labelKey: 'tip.excellent' },
] as const

/** A percentage of a base amount, rounded half up to the cent. */
export function tipForPercent(base: Cents, percent: number): Cents {
  if (!Number.isInteger(base) || base < 0) throw new RangeError('base must be whole, non-negative cents')
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError('percent must be non-negative')
  // Integer arithmetic on hundredths of a percent avoids float drift (e.g. 15 % of 0.10).
  const hundredths = Math.round(percent * 100)
  return Math.floor((base * hundredths + 5000) / 10000)
}
