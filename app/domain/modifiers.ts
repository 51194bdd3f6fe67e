import type { Cents } from './money'

/** An item's modifier group as the diner's menu and the server both read it. */
export interface ModifierGroupRule {
  id: string
  name: string
  required: boolean
  multipleSelect: boolean
  options: { id: string; name: string; priceAdjustmentCents: Cents; isDefault: boolean }[]
}

/** Only what choosing needs of a group read with more (its item, its times): what a page sends the phone. */
export const modifierRule = ({
  id,
  name,
  required,
  multipleSelect,
  options,
}: ModifierGroupRule): ModifierGroupRule => ({
  id,
  name,
  required,
  multipleSelect,
  options: options.map((option) => ({
    id: option.id,
    name: option.name,
    priceAdjustmentCents: option.priceAdjustmentCents,
    isDefault: option.isDefault,
  })),
})

export type ChoiceResult =
  | { ok: true; optionIds: string[]; extraCents: Cents; summary: string | null }
  | { ok: false; reason: 'required' | 'single'; groupId: string }
  | { ok: false; reason: 'unknown'; groupId: null }

/** What is chosen before the diner touches anything: the defaults, at most one in a single-choice group. */
export function defaultChoice(groups: readonly ModifierGroupRule[]): string[] {
  return groups.flatMap((group) => {
    const defaults = group.options.filter((option) => option.isDefault).map((option) => option.id)
    return group.multipleSelect ? defaults : defaults.slice(0, 1)
  })
}

/**
 * Checks a choice of options against an item's groups: every option must be
 * the item's, a required group needs one, a single-choice group allows one.
 * Answers the price to add per unit and the line's description
 * ('Salsa: Verde · Extras: Queso, Aguacate'), in the groups' order.
 */
export function checkChoice(groups: readonly ModifierGroupRule[], optionIds: readonly string[]): ChoiceResult {
  const chosen = new Set(optionIds)
  const known = new Set(groups.flatMap((group) => group.options.map((option) => option.id)))
  if ([...chosen].some((id) => !known.has(id))) return { ok: false, reason: 'unknown', groupId: null }
  const ordered: string[] = []
  const parts: string[] = []
  let extraCents = 0
  for (const group of groups) {
    const picked = group.options.filter((option) => chosen.has(option.id))
    if (group.required && picked.length === 0) return { ok: false, reason: 'required', groupId: group.id }
    if (!group.multipleSelect && picked.length > 1) return { ok: false, reason: 'single', groupId: group.id }
    if (picked.length === 0) continue
    ordered.push(...picked.map((option) => option.id))
    extraCents += picked.reduce((sum, option) => sum + option.priceAdjustmentCents, 0)
    parts.push(`${group.name}: ${picked.map((option) => option.name).join(', ')}`)
  }
  return { ok: true, optionIds: ordered, extraCents, summary: parts.length ? parts.join(' · ') : null }
}
