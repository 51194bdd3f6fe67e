import { useId } from 'react'
import { splitTags, type DishTag } from '~/domain/allergens'
import { useI18n } from './i18n'

const pill = 'rounded-full border px-2 py-0.5 text-xs font-semibold'

/**
 * A dish's tags in words, never colour alone: what it is (spicy, vegan)
 * first, then what it contains, after a visible "Contiene". Nothing when it
 * has none.
 */
export function DishTags({ tags }: { tags: readonly DishTag[] }) {
  const { t } = useI18n()
  const containsId = useId()
  const { dietary, allergens } = splitTags(tags)
  if (tags.length === 0) return null
  return (
    <div className="flex flex-wrap items-center gap-1" data-testid="dish-tags">
      {dietary.length > 0 ? (
        <ul aria-label={t('dish.tagsLabel')} className="flex flex-wrap gap-1">
          {dietary.map((tag) => (
            <li
              key={tag}
              className={`${pill} border-emerald-700 bg-emerald-50 text-emerald-900 dark:border-emerald-500 dark:bg-emerald-950/60 dark:text-emerald-200`}
            >
              {t(`dish.tags.${tag}`)}
            </li>
          ))}
        </ul>
      ) : null}
      {allergens.length > 0 ? (
        <div className="flex flex-wrap items-center gap-1">
          <span id={containsId} className="text-xs font-semibold text-stone-700 dark:text-stone-300">
            {t('dish.contains')}:
          </span>
          <ul aria-labelledby={containsId} className="flex flex-wrap gap-1">
            {allergens.map((tag) => (
              <li
                key={tag}
                className={`${pill} border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-500 dark:bg-amber-950/60 dark:text-amber-100`}
              >
                {t(`dish.tags.${tag}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
