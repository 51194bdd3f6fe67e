import type { TicketStep } from '~/domain/kitchen'
import { formatTime } from '~/domain/format'
import { useI18n } from '../i18n'

const BADGE: Record<TicketStep, string> = {
  new: 'bg-stone-200 text-stone-900 dark:bg-stone-700 dark:text-white',
  preparing: 'bg-amber-200 text-amber-950 dark:bg-amber-800 dark:text-amber-50',
  ready: 'bg-emerald-800 text-white',
  served: 'bg-stone-100 text-stone-600 dark:bg-stone-800 dark:text-stone-300',
}

/**
 * The table's orders the kitchen has not served yet, each with where it is
 * (Recibido, En preparación, Listo), in words and colour; live with the bill.
 */
export function OrderProgressList({
  orders,
  timeZone,
}: {
  orders: { id: string; createdAt: number; step: TicketStep; items: { name: string; quantity: number }[] }[]
  /** The restaurant's clock. */
  timeZone: string
}) {
  const { t, locale } = useI18n()
  const waiting = orders.filter((order) => order.step !== 'served')
  if (waiting.length === 0) return null
  return (
    <section aria-labelledby="orders-heading" className="mt-6" data-testid="order-progress">
      <h2 id="orders-heading" className="mb-2 text-lg font-bold">
        {t('customer.bill.orders')}
      </h2>
      <ul className="divide-y divide-stone-200 overflow-hidden rounded-2xl bg-white shadow-sm dark:divide-stone-700 dark:bg-stone-900">
        {waiting.map((order) => (
          <li key={order.id} className="flex items-center gap-3 p-4" data-testid="order" data-step={order.step}>
            <div className="min-w-0 flex-1">
              <p className="text-sm text-stone-600 dark:text-stone-400">
                {t('customer.bill.orderAt', { time: formatTime(order.createdAt, locale, timeZone) })}
              </p>
              <p className="break-words">{order.items.map((item) => `${item.quantity}× ${item.name}`).join(', ')}</p>
            </div>
            <span
              className={`shrink-0 rounded-full px-3 py-1 text-sm font-bold ${BADGE[order.step]}`}
              data-testid="order-step"
            >
              {t(`customer.bill.orderSteps.${order.step}`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
