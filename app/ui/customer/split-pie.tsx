type Slice = 'paid' | 'mine' | 'open'
const fill: Record<Slice, string> = {
  paid: 'fill-stone-400 dark:fill-stone-600',
  mine: 'fill-emerald-700 dark:fill-emerald-500',
  open: 'fill-emerald-100 dark:fill-emerald-950',
}

/**
 * The equal split as a pie: one slice per person at the table; slices already
 * paid are grey, the diner's slices are green, the rest are pale.
 */
export function SplitPie({
  tableSize,
  peoplePaying,
  sharesPaid,
  label,
}: {
  tableSize: number
  peoplePaying: number
  sharesPaid: number
  label: string
}) {
  const radius = 48
  const slices = Array.from({ length: tableSize }, (_, index) => {
    const kind: Slice = index < sharesPaid ? 'paid' : index < sharesPaid + peoplePaying ? 'mine' : 'open'
    return { index, kind }
  })
  const point = (fraction: number) => {
    const angle = fraction * 2 * Math.PI - Math.PI / 2
    return `${(50 + radius * Math.cos(angle)).toFixed(3)} ${(50 + radius * Math.sin(angle)).toFixed(3)}`
  }
  return (
    <svg viewBox="0 0 100 100" role="img" aria-label={label} className="size-40" data-testid="split-pie">
      {tableSize === 1 ? (
        <circle cx="50" cy="50" r={radius} className={fill[slices[0]?.kind ?? 'mine']} />
      ) : (
        slices.map(({ index, kind }) => (
          <path
            key={index}
            d={`M50 50 L${point(index / tableSize)} A${radius} ${radius} 0 0 1 ${point((index + 1) / tableSize)} Z`}
            className={`${fill[kind]} stroke-white dark:stroke-stone-900`}
            strokeWidth="1.5"
            data-kind={kind}
          />
        ))
      )}
    </svg>
  )
}
