import { orderedByLabel } from '~/domain/diners'
import type { ReviewLine } from '~/domain/checkout'
import { useI18n } from '~/ui/i18n'

/**
 * The units of each line a diner chose to pay, who ordered them and what
 * they come to, as the bill prices them now; `changed` says someone paid
 * part of the choice since it was made.
 */
export function ReviewLines({ lines, changed }: { lines: ReviewLine[]; changed: boolean }) {
  const { t } = useI18n()
  return (
    <>
      {changed ? (
        <p
          role="alert"
          className="rounded-2xl bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100"
          data-testid="options-changed"
        >
          {t('customer.options.changed')}
        </p>
      ) : null}
      {lines.length > 0 ? <Lines lines={lines} /> : null}
    </>
  )
}

function Lines({ lines }: { lines: ReviewLine[] }) {
  const { t, money } = useI18n()
  return (
    <ul
      className="divide-y divide-stone-200 overflow-hidden rounded-2xl bg-white shadow-sm dark:divide-stone-700 dark:bg-stone-900"
      data-testid="review-lines"
    >
      {lines.map((line) => (
        <li key={line.itemId} className="flex gap-3 p-4">
          <span className="min-w-8 font-semibold text-stone-700 tabular-nums dark:text-stone-300">{line.units}×</span>
          <span className="min-w-0 flex-1">
            <span className="block font-semibold" lang={line.nameLang}>
              {line.name}
            </span>
            <span className="block text-sm text-stone-600 dark:text-stone-400">
              {orderedByLabel(line.orderedBy, t)}
            </span>
          </span>
          <span className="font-semibold tabular-nums">{money(line.amount)}</span>
        </li>
      ))}
    </ul>
  )
}
