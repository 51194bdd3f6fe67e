import { useI18n } from '../i18n'

// Simple line icons (24×24, stroke) instead of emoji: phones and the print view lack emoji fonts.
const ICONS: Record<string, string> = {
  regular: 'M4 3v7a3 3 0 0 0 6 0V3M7 3v18M17 3c-2 2-3 5-3 8h3v10',
  breakfast: 'M12 3v2M5.6 5.6l1.4 1.4M3 12h2M19 12h2M17 7l1.4-1.4M7 17a5 5 0 1 1 10 0M3 21h18',
  lunch: 'M3 13h18M5 13a7 7 0 0 1 14 0M12 4v2M4 17h16l-2 4H6z',
  dinner: 'M20 14A8 8 0 1 1 10 4a6 6 0 0 0 10 10z',
  drinks: 'M6 3h12l-2 18H8zM6.5 8h11',
  coffee: 'M4 8h13v6a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5zM17 10h2a2 2 0 0 1 0 4h-2M8 3v2M12 3v2',
}

export function MenuTypeIcon({ type, className = 'size-6' }: { type: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={ICONS[type] ?? ICONS.regular} />
    </svg>
  )
}

export function MenuTypeBadge({ type }: { type: string }) {
  const { t } = useI18n()
  return (
    <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
      {t.message(`admin.menu.types.${type}`)}
    </span>
  )
}
