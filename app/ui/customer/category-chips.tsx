import { useEffect, useRef, useState } from 'react'

/** The id of a category's section on the diner's menu: what its chip, and an old `?category=` link, jump to. */
export const categoryAnchor = (categoryId: string) => `category-${categoryId}`

/** The id of the mark after the menu's last section: once it is in view, the last category is the one being read. */
export const MENU_END = 'menu-end'

/**
 * The menu's categories as a row of chips, each a link to its section on
 * the page (so they work before JavaScript loads). With it, the chip of the
 * section under the row is marked current and kept in sight in the row.
 */
export function CategoryChips({
  categories,
  label,
}: {
  categories: readonly { id: string; name: string; nameLang?: string }[]
  label: string
}) {
  const strip = useRef<HTMLElement>(null)
  const [current, setCurrent] = useState<string | null>(null)
  const ids = categories.map((category) => categoryAnchor(category.id)).join(' ')

  // The section being read is the one crossing a line under the row (the first until one does); at the end of the menu, the last one.
  useEffect(() => {
    const row = strip.current
    const sections = ids.split(' ').flatMap((id) => document.getElementById(id) ?? [])
    const end = document.getElementById(MENU_END)
    if (!row || !end) return
    // A quarter of the way down what the chips leave of the screen: a heading that has passed it is being read.
    const below = row.getBoundingClientRect().bottom
    const line = Math.round(below + (window.innerHeight - below) / 4)
    let crossing: string | null = null
    let atEnd = false
    const show = () => setCurrent((atEnd ? sections.at(-1)?.id : crossing) ?? sections[0]?.id ?? null)
    const crossed = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) crossing = entry.target.id
        show()
      },
      { rootMargin: `-${line}px 0px ${line + 1 - window.innerHeight}px 0px` },
    )
    const last = new IntersectionObserver(([entry]) => {
      atEnd = Boolean(entry?.isIntersecting)
      show()
    })
    for (const section of sections) crossed.observe(section)
    last.observe(end)
    return () => {
      crossed.disconnect()
      last.disconnect()
    }
  }, [ids])

  // Brings the current chip into the row's sight without moving the page.
  useEffect(() => {
    const chip = current ? strip.current?.querySelector<HTMLElement>(`a[href="#${current}"]`) : null
    const row = strip.current
    if (!chip || !row) return
    const offset = chip.getBoundingClientRect().left - row.getBoundingClientRect().left
    if (offset < 0 || offset + chip.offsetWidth > row.clientWidth) row.scrollTo({ left: row.scrollLeft + offset - 16 })
  }, [current])

  return (
    <nav ref={strip} aria-label={label} className="overflow-x-auto px-3 pb-2" data-testid="category-chips">
      <ul className="flex gap-2">
        {categories.map((category) => {
          const anchor = categoryAnchor(category.id)
          const here = anchor === current
          return (
            <li key={category.id}>
              <a
                href={`#${anchor}`}
                lang={category.nameLang}
                aria-current={here ? 'true' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 font-semibold whitespace-nowrap ${
                  here
                    ? 'border-emerald-800 bg-emerald-800 text-white dark:border-emerald-500'
                    : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-200 dark:hover:bg-stone-800'
                }`}
              >
                {category.name}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
