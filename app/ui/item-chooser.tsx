import { useState } from 'react'
import { cleanNote, lineQuantityWithin, MAX_LINE_QUANTITY, MAX_NOTE_CHARS } from '~/domain/cart'
import { checkChoice, defaultChoice, type ModifierGroupRule } from '~/domain/modifiers'
import { buttonClass } from './button'
import { HiddenFields } from './hidden-fields'
import { useI18n } from './i18n'
import { Stepper } from './stepper'
import { useHydrated } from './use-hydrated'

/** The field a group's choice is sent under: one per group, so a single-choice group is one set of radio buttons. */
const optionField = (groupId: string) => `options.${groupId}`

/** A choice as the sheet's form would post it, field by field: what a one-tap add sends in its place. */
export const choiceFields = (groups: readonly ModifierGroupRule[], optionIds: readonly string[]): [string, string][] =>
  groups.flatMap((group) =>
    group.options
      .filter((option) => optionIds.includes(option.id))
      .map((option): [string, string] => [optionField(group.id), option.id]),
  )

/** What the Update button (without JavaScript) sends along, so the sheet comes back with the choice as made. */
const CHOICE_UPDATE = { name: 'update', value: 'options' } as const

/** The choice an Update (without JavaScript) put in the address, for the sheet of the item with `groups` to draw again. */
export function choiceInUrl(groups: readonly ModifierGroupRule[], searchParams: URLSearchParams) {
  if (searchParams.get(CHOICE_UPDATE.name) !== CHOICE_UPDATE.value) return undefined
  return {
    optionIds: groups.flatMap((group) =>
      searchParams.getAll(optionField(group.id)).filter((id) => group.options.some((option) => option.id === id)),
    ),
    quantity: lineQuantityWithin(Number(searchParams.get('quantity'))),
    note: cleanNote(searchParams.get('note')),
  }
}

/** What the diner chose on an item's sheet. */
export interface ItemChoice {
  optionIds: string[]
  summary: string | null
  quantity: number
  note: string | null
}

/**
 * One menu item's sheet: its options (a radio group where one may be chosen,
 * check boxes where several may, the defaults pre-selected), how many, and a
 * note for the kitchen, with the price kept up to date; `initial` is a choice
 * the server drew again. A required group left empty is named when the diner
 * tries to add. Without JavaScript the form is posted to the menu, and Update
 * draws the price of the choice again.
 */
export function ItemChooser({
  groups,
  basePriceCents,
  fields,
  initial,
  missing: missingAtFirst = null,
  onAdd,
  price,
}: {
  groups: ModifierGroupRule[]
  basePriceCents: number
  /** Hidden fields that name the item and the page it is added from. */
  fields: Record<string, string>
  initial?: { optionIds?: string[]; quantity?: number; note?: string | null }
  missing?: string | null
  /** With JavaScript: the choice made, and the form, whose fields are what it posts without. */
  onAdd: (choice: ItemChoice, form: HTMLFormElement) => void
  /** How its amounts are shown: as the menu sets them unless told (a diner's, with their IVA). */
  price?: (cents: number) => string
}) {
  const { t, money } = useI18n()
  const shown = price ?? money
  const hydrated = useHydrated()
  const [chosen, setChosen] = useState<string[]>(() => initial?.optionIds ?? defaultChoice(groups))
  const [quantity, setQuantity] = useState(initial?.quantity ?? 1)
  const [note, setNote] = useState(initial?.note ?? '')
  const [missing, setMissing] = useState<string | null>(missingAtFirst)
  const choice = checkChoice(groups, chosen)
  const extra = groups
    .flatMap((group) => group.options)
    .reduce((sum, option) => (chosen.includes(option.id) ? sum + option.priceAdjustmentCents : sum), 0)

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
      method="post"
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (choice.ok)
          return onAdd(
            { optionIds: choice.optionIds, summary: choice.summary, quantity, note: cleanNote(note) },
            event.currentTarget,
          )
        setMissing(choice.groupId)
      }}
    >
      <HiddenFields value={fields} />
      {groups.map((group) => (
        <fieldset
          key={group.id}
          className="grid gap-2"
          aria-describedby={missing === group.id ? `missing-${group.id}` : undefined}
        >
          <legend className="mb-1 flex w-full items-baseline justify-between gap-2">
            <span className="font-bold" lang={group.shown?.nameLang}>
              {group.shown?.name ?? group.name}
            </span>
            <span
              className={`text-xs font-semibold ${group.required ? 'text-amber-900 dark:text-amber-100' : 'text-stone-600 dark:text-stone-400'}`}
            >
              {group.required ? t('customer.menu.required') : t('customer.menu.optional')} ·{' '}
              {group.multipleSelect ? t('customer.menu.chooseAny') : t('customer.menu.chooseOne')}
            </span>
          </legend>
          {group.options.map((option) => (
            <label
              key={option.id}
              className="flex min-h-12 items-center gap-3 rounded-xl border border-stone-200 px-3 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 has-[:disabled]:text-stone-500 dark:border-stone-700 dark:has-[:checked]:border-emerald-500 dark:has-[:checked]:bg-emerald-950/60 dark:has-[:disabled]:text-stone-400"
            >
              <input
                type={group.multipleSelect ? 'checkbox' : 'radio'}
                name={optionField(group.id)}
                value={option.id}
                checked={chosen.includes(option.id)}
                onChange={(event) => toggle(group, option.id, event.currentTarget.checked)}
                disabled={option.soldOut}
                className="size-5 accent-emerald-700"
              />
              <span className="flex-1" lang={option.shown?.nameLang}>
                {option.shown?.name ?? option.name}
              </span>
              {option.soldOut ? (
                <span className="text-sm font-semibold" data-testid="option-sold-out">
                  {t('customer.menu.soldOut')}
                </span>
              ) : null}
              {option.priceAdjustmentCents > 0 ? (
                <span className="text-stone-700 tabular-nums dark:text-stone-300">
                  +{shown(option.priceAdjustmentCents)}
                </span>
              ) : null}
            </label>
          ))}
          {missing === group.id ? (
            <p
              id={`missing-${group.id}`}
              role="alert"
              className="text-sm font-medium text-red-800 dark:text-red-300"
              data-testid="missing-choice"
            >
              {t('customer.menu.missingChoice', { group: group.shown?.name ?? group.name })}
            </p>
          ) : null}
        </fieldset>
      ))}
      <div className="flex items-center justify-between gap-3">
        <span className="font-bold" aria-hidden="true">
          {t('customer.menu.quantity')}
        </span>
        <Stepper
          name="quantity"
          value={quantity}
          min={1}
          max={MAX_LINE_QUANTITY}
          onChange={setQuantity}
          label={t('customer.menu.quantity')}
          decreaseLabel={t('customer.menu.decrease')}
          increaseLabel={t('customer.menu.increase')}
          testId="item-quantity"
        />
      </div>
      <label className="grid gap-1 font-bold">
        {t('customer.menu.note')}
        <textarea
          name="note"
          rows={2}
          maxLength={MAX_NOTE_CHARS}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          placeholder={t('customer.menu.notePlaceholder')}
          className="rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal dark:border-stone-600 dark:bg-stone-950"
          data-testid="item-note"
        />
      </label>
      {/* First of the buttons, so Enter without JavaScript updates the price rather than adding. */}
      {hydrated ? null : (
        <button
          type="submit"
          formMethod="get"
          name={CHOICE_UPDATE.name}
          value={CHOICE_UPDATE.value}
          className={`${buttonClass.secondary} w-full`}
          data-testid="update-options"
        >
          {t('common.update')}
        </button>
      )}
      <button type="submit" className={`${buttonClass.primary} w-full`} data-testid="add-with-options">
        {t('customer.menu.addWithPrice', { count: quantity, price: shown((basePriceCents + extra) * quantity) })}
      </button>
    </form>
  )
}

/** Said in a dish's sheet instead of its choices when the kitchen ran out of it. */
export function SoldOutNotice({ text }: { text: string }) {
  return (
    <p
      role="status"
      className="rounded-xl bg-amber-50 p-3 font-semibold text-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
      data-testid="sold-out-notice"
    >
      {text}
    </p>
  )
}
