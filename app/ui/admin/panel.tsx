import { useId, type ReactNode } from 'react'

/** A titled white card of the staff screens; with `empty` set it says that instead of showing its content. */
export function Panel({
  title,
  empty,
  className = '',
  children,
}: {
  title: string
  empty?: string | null
  className?: string
  children?: ReactNode
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={`rounded-3xl bg-white p-5 shadow-sm dark:bg-stone-900 ${className}`}>
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {empty ? <p className="text-stone-600 dark:text-stone-400">{empty}</p> : children}
    </section>
  )
}
