import { Link } from '@remix-run/react'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'

/** The cart in the menu's header, with how many items are in it; an empty cart is told (`onEmpty`), not opened. */
export function CartButton({ to, count, onEmpty }: { to: string; count: number; onEmpty: () => void }) {
  const { t } = useI18n()
  return (
    <Link
      to={to}
      onClick={(event) => {
        if (count > 0) return
        event.preventDefault()
        onEmpty()
      }}
      className={`${buttonClass.icon} relative`}
      aria-label={t('customer.menu.cartCount', { count })}
      data-testid="cart-button"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
        <path d="M2 3h3l2.7 12.4a1.5 1.5 0 0 0 1.5 1.1h8.6a1.5 1.5 0 0 0 1.5-1.1L21 7H6" />
      </svg>
      {count > 0 ? (
        <span
          className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-emerald-700 px-1 text-xs font-bold text-white"
          data-testid="cart-badge"
        >
          {count}
        </span>
      ) : null}
    </Link>
  )
}
