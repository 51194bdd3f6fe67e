import { useId } from 'react'
import { useHydrated } from './use-hydrated'

interface StepperProps {
  name: string
  value: number
  min: number
  max: number
  onChange: (value: number) => void
  label: string
  decreaseLabel: string
  increaseLabel: string
  disabled?: boolean
  testId?: string
}

/** A round − or + button, 44 px: the stepper's, and a ticket line's, which posts its change. */
export const stepButton =
  'inline-grid size-11 place-items-center rounded-full border border-stone-300 dark:border-stone-600 bg-white dark:bg-stone-900 text-xl font-bold text-stone-800 dark:text-stone-200 hover:bg-stone-100 dark:hover:bg-stone-800 focus-visible:outline focus-visible:outline-3 focus-visible:outline-emerald-700 disabled:opacity-40'

/**
 * A number with − and + buttons. The field is a real number input with its
 * bounds, so before JavaScript (or without it) the diner types the number and
 * the form still submits it; the buttons only work once hydrated.
 */
export function Stepper({
  name,
  value,
  min,
  max,
  onChange,
  label,
  decreaseLabel,
  increaseLabel,
  disabled,
  testId,
}: StepperProps) {
  const hydrated = useHydrated()
  const id = useId()
  const clamp = (next: number) => Math.min(max, Math.max(min, Math.trunc(next) || min))
  return (
    <div className="flex items-center gap-2" data-testid={testId}>
      <button
        type="button"
        className={stepButton}
        aria-label={decreaseLabel}
        aria-controls={id}
        disabled={!hydrated || disabled || value <= min}
        onClick={() => onChange(clamp(value - 1))}
      >
        −
      </button>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        aria-label={label}
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(clamp(Number(event.target.value)))}
        className="h-11 w-16 rounded-xl border border-stone-300 bg-white text-center text-lg font-semibold tabular-nums disabled:opacity-50 dark:border-stone-600 dark:bg-stone-950"
      />
      <button
        type="button"
        className={stepButton}
        aria-label={increaseLabel}
        aria-controls={id}
        disabled={!hydrated || disabled || value >= max}
        onClick={() => onChange(clamp(value + 1))}
      >
        +
      </button>
    </div>
  )
}
