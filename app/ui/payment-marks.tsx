import type { ReactNode } from 'react'

/**
 * The wallets' acceptance marks, drawn inline (no image to fetch): each in
 * its own colours on its white card, light page or dark, as the brands ask
 * their marks be shown unaltered. Decorative: the wallet's name is written
 * beside the mark.
 */
function Mark({
  children,
  name,
  border,
  className,
}: {
  children: ReactNode
  name: string
  border: string
  className: string
}) {
  return (
    <svg viewBox="0 0 52 33" aria-hidden="true" focusable="false" className={className} data-mark={name}>
      <rect x="0.5" y="0.5" width="51" height="32" rx="5" fill="#fff" stroke={border} />
      {children}
    </svg>
  )
}

const MARK_SIZE = 'h-8 w-auto shrink-0'

/** Apple Pay: the Apple logo and “Pay” in black, in a black outline. */
export const ApplePayMark = ({ className = MARK_SIZE }: { className?: string }) => (
  <Mark name="apple-pay" border="#000" className={className}>
    <g fill="#000">
      <path
        transform="translate(7.2 7.4) scale(0.78)"
        d="M8.5 5.6C7.4 5.6 6.1 4.7 4.7 4.7 2.6 4.7.5 6.5.5 10.2c0 4.3 2.8 9.4 4.7 9.4 1.2 0 1.9-.8 3.3-.8s1.9.8 3.3.8c1.8 0 3.8-3.2 4.6-5.4-1.8-.8-2.8-2.4-2.8-4.2 0-1.6.8-2.7 1.7-3.4-1.1-1.5-2.7-1.9-3.5-1.9-1.3 0-2.3.9-3.3.9zM8.6 4.4C8.5 2.6 10 .7 12 .5c.1 2.1-1.5 4-3.4 3.9z"
      />
      <text
        x="22"
        y="21.6"
        fontSize="13.5"
        fontWeight="500"
        fontFamily="-apple-system, BlinkMacSystemFont, 'SF Pro Text', 'Helvetica Neue', Arial, sans-serif"
      >
        Pay
      </text>
    </g>
  </Mark>
)

/** Google Pay: Google's four-colour G and “Pay” in grey, in a grey outline. */
export const GooglePayMark = ({ className = MARK_SIZE }: { className?: string }) => (
  <Mark name="google-pay" border="#dadce0" className={className}>
    <g fill="none" strokeWidth="2.3">
      <path stroke="#4285f4" d="M18.1 16.5a5.6 5.6 0 0 1-1.64 3.96" />
      <path stroke="#34a853" d="M16.46 20.46a5.6 5.6 0 0 1-8.81-1.16" />
      <path stroke="#fbbc04" d="M7.65 19.3a5.6 5.6 0 0 1 .26-6.01" />
      <path stroke="#ea4335" d="M7.91 13.29a5.6 5.6 0 0 1 8.75-.54" />
    </g>
    <rect x="12.6" y="15.35" width="6.65" height="2.3" fill="#4285f4" />
    <text
      x="21.6"
      y="21.4"
      fill="#5f6368"
      fontSize="13"
      fontWeight="500"
      fontFamily="'Google Sans', Roboto, Arial, sans-serif"
    >
      Pay
    </text>
  </Mark>
)
