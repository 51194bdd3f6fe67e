import type { ReactNode } from 'react'

/**
 * The diner's icons as inline SVG: emoji depend on the phone having an
 * emoji font (without one they show as empty boxes), SVG draws the same
 * everywhere and takes the text's colour. Decorative: the words beside
 * each icon say what it means.
 */
function Icon({ children, className = 'size-6' }: { children: ReactNode; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  )
}

type IconProps = { className?: string }

export const CardIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
    <path d="M2.5 9.5h19M6 15h4" />
  </Icon>
)

export const ReceiptIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M6 2.5h12v19l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5-2 1.5z" />
    <path d="M9 7.5h6M9 11h6M9 14.5h4" />
  </Icon>
)

export const DivideIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="12" cy="6" r="1.4" fill="currentColor" />
    <path d="M5 12h14" />
    <circle cx="12" cy="18" r="1.4" fill="currentColor" />
  </Icon>
)

export const PeopleIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="9" cy="8" r="3" />
    <path d="M3.5 19.5c0-3 2.5-5 5.5-5s5.5 2 5.5 5" />
    <circle cx="16.5" cy="9" r="2.5" />
    <path d="M15.5 14.6c2.8-.3 5 1.6 5 4.4" />
  </Icon>
)

/** The tip presets' faces, from a smile to delight. */
export const TipFaceIcon = ({ level, className }: IconProps & { level: 'good' | 'great' | 'excellent' }) => (
  <Icon className={className}>
    <circle cx="12" cy="12" r="9.5" />
    {level === 'excellent' ? (
      <path
        d="M8.5 7.6l.6 1.3 1.4.2-1 1 .2 1.4-1.2-.7-1.3.7.3-1.4-1-1 1.4-.2zM15.5 7.6l.6 1.3 1.4.2-1 1 .2 1.4-1.2-.7-1.3.7.3-1.4-1-1 1.4-.2z"
        fill="currentColor"
        strokeWidth={0.6}
      />
    ) : level === 'great' ? (
      <path d="M7.5 10c.6-1 1.8-1 2.4 0M14.1 10c.6-1 1.8-1 2.4 0" />
    ) : (
      <>
        <circle cx="9" cy="9.5" r="1" fill="currentColor" />
        <circle cx="15" cy="9.5" r="1" fill="currentColor" />
      </>
    )}
    {level === 'good' ? (
      <path d="M8.5 14.5c1.8 1.8 5.2 1.8 7 0" />
    ) : (
      <path d="M7.5 13.5h9c-.5 3-2.5 4.5-4.5 4.5s-4-1.5-4.5-4.5z" />
    )}
  </Icon>
)

export const BellIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Icon>
)

export const SearchIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
)

export const CheckIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
)
