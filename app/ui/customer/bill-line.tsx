import { orderedByLabel } from '~/domain/diners'
import { lineSettled } from '~/domain/bill'
import type { ClientLine } from '~/server/bills/diner-bill.server'
import { useShownPrice, type TaxSettingsOf } from '~/ui/customer/shown-price'
import { useI18n } from '~/ui/i18n'

/** A line of the diner's bill: who ordered it, how much of it is paid or being paid, and its price with its IVA. */
export function BillLine({ line, tax }: { line: ClientLine; tax: TaxSettingsOf }) {
  const { t } = useI18n()
  const price = useShownPrice(tax)
  const isPaid = lineSettled(line)
  return (
    <li
      className={`flex gap-3 p-4 ${isPaid ? 'bg-stone-50 text-stone-600 dark:bg-stone-800/60 dark:text-stone-400' : ''}`}
      data-paid={isPaid}
    >
      <span className="min-w-8 font-semibold text-stone-700 tabular-nums dark:text-stone-300">{line.quantity}×</span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold" lang={line.nameLang}>
          {line.name}
        </p>
        {line.description ? (
          <p className="text-sm text-stone-600 dark:text-stone-400" lang={line.descriptionLang}>
            {line.description}
          </p>
        ) : null}
        {line.note ? (
          <p className="text-sm text-stone-700 italic dark:text-stone-300" data-testid="line-note">
            {`“${line.note}”`}
          </p>
        ) : null}
        <p className="text-sm text-stone-600 dark:text-stone-400">{orderedByLabel(line.orderedBy, t)}</p>
        {line.paidQuantity > 0 && !isPaid ? (
          <p className="text-sm font-medium text-amber-800 dark:text-amber-200">
            {t('customer.bill.partlyPaid', {
              paid: line.paidQuantity,
              quantity: line.quantity,
              amount: price(line.remainingCents),
            })}
          </p>
        ) : null}
        {line.heldQuantity > 0 ? (
          <p className="text-sm font-medium text-sky-800 dark:text-sky-300" data-testid="line-being-paid">
            {t('customer.bill.beingPaid', { count: line.heldQuantity })}
          </p>
        ) : null}
      </div>
      <div className="text-right">
        {line.comped ? (
          <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-400" data-testid="line-comped">
            {t('customer.bill.onTheHouse')}
          </p>
        ) : (
          <>
            <p className={`font-semibold tabular-nums ${isPaid ? 'line-through' : ''}`}>{price(line.priceCents)}</p>
            {isPaid ? (
              <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-400">{t('customer.bill.paid')}</p>
            ) : null}
          </>
        )}
      </div>
    </li>
  )
}
