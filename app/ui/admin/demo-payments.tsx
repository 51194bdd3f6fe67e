/** Payments that moved no money (the labelled demo), said apart from the sales they are not in; nothing when there were none. */
export function DemoPayments({ count, text }: { count: number; text: string }) {
  if (count === 0) return null
  return (
    <p
      className="rounded-xl bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100"
      data-testid="demo-payments"
    >
      {text}
    </p>
  )
}
