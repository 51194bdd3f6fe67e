import { useState } from 'react'
import { checkChoice, defaultChoice, type ModifierGroupRule } from '~/domain/modifiers'
import { buttonClass } from '../button'
import { useI18n } from '../i18n'

/**
 * The options of one menu item: a radio group where one may be chosen, check
 * boxes where several may, the defaults pre-selected, the price kept up to
 * date; a required group left empty is named when the diner tries to add.
 */
export function ModifierChooser({ groups, basePriceCents, onAdd }: { groups: ModifierGroupRule[]; basePriceCents: number; onAdd: (choice: { optionIds: string[]; extraCents: number; summary: string | null }) => void }) {
  const { t, money } = useI18n()
  const [chosen, setChosen] = useState<string[]>(() => defaultChoice(groups))
  const [missing, setMissing] = useState<string | null>(null)
  const choice = checkChoice(groups, chosen)
  const extra = groups.flatMap((group) => group.options).reduce((sum, option) => (chosen.includes(option.id) ? sum + option.priceAdjustmentCents : sum), 0)

  const toggle = (group: ModifierGroupRule, optionId: string, checked: boolean) => {
    setMissing(null)
    setChosen((current) => {
      if (group.multipleSelect) return checked ? [...current, optionId] : current.filter((id) => id !== optionId)
      const others = new Set(group.options.map((option) => option.id))
      return [...current.filter((id) => !others.has(id)), optionId]
    })
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (choice.ok) return onAdd(choice)
        setMissing(choice.groupId)
      }}
    >
      {groups.map((group) => (
        <fieldset key={group.id} className="grid gap-2" aria-describedby={missing === group.id ? `missing-${group.id}` : undefined}>
          <legend className="mb-1 flex w-full items-baseline justify-between gap-2">
            <span className="font-bold">{group.name}</span>
            <span className={`text-xs font-semibold ${group.required ? 'text-amber-900' : 'text-stone-600'}`}>
              {group.required ? t('customer.menu.required') : t('customer.menu.optional')} · {group.multipleSelect ? t('customer.menu.chooseAny') : t('customer.menu.chooseOne')}
            </span>
          </legend>
          {group.options.map((option) => (
            <label key={option.id} className="flex min-h-12 items-center gap-3 rounded-xl border border-stone-200 px-3 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50">
              <input
                type={group.multipleSelect ? 'checkbox' : 'radio'}
                name={group.id}
                value={option.id}
                checked={chosen.includes(option.id)}
                onChange={(event) => toggle(group, option.id, event.currentTarget.checked)}
                className="size-5 accent-emerald-700"
              />
              <span className="flex-1">{option.name}</span>
              {option.priceAdjustmentCents > 0 ? <span className="tabular-nums text-stone-700">+{money(option.priceAdjustmentCents)}</span> : null}
            </label>
          ))}
          {missing === group.id ? (
            <p id={`missing-${group.id}`} role="alert" className="text-sm font-medium text-red-800">
              {t('customer.menu.missingChoice', { group: group.name })}
            </p>
          ) : null}
        </fieldset>
      ))}
      <button type="submit" className={`${buttonClass.primary} w-full`} data-testid="add-with-options">
        {t('customer.menu.addWithPrice', { price: money(basePriceCents + extra) })}
      </button>
    </form>
  )
}
