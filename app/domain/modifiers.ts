import type { Language } from '~/locales'
import { shownText } from './menu-language'
import type { Cents } from './money'

/** What a diner reads for a group or an option when it is not its Spanish name: the English one, or the Spanish marked so. */
interface ShownName {
  name: string
  nameLang?: 'es'
}

/**
 * An item's modifier group as the diner's menu and the server both read it.
 * `name` is the restaurant's Spanish, which the bill line and the kitchen
 * ticket keep; `shown` is what an English page shows instead.
 */
export interface ModifierGroupRule {
  id: string
  name: string
  required: boolean
  multipleSelect: boolean
  shown?: ShownName
  options: {
    id: string
    name: string
    priceAdjustmentCents: Cents
    isDefault: boolean
    soldOut?: boolean
    shown?: ShownName
  }[]
}

/** A group or an option as stored: its Spanish name and, where staff wrote one, its English. */
interface Named {
  name: string
  nameEn?: string | null
}

/** The English page's words for a group or an option; nothing on a Spanish page, where `name` is what it reads. */
const shownIn = (text: Named, language: Language): { shown?: ShownName } => {
  if (language !== 'en') return {}
  const { name, nameLang } = shownText({ ...text, description: null }, language)
  return { shown: nameLang ? { name, nameLang } : { name } }
}

/** Only what choosing needs of a group read with more (its dish, its times), in the page's language: what a page sends the phone. */
export const modifierRule = (
  {
    id,
    required,
    multipleSelect,
    options,
    ...group
  }: Named &
    Omit<ModifierGroupRule, 'name' | 'shown' | 'options'> & {
      options: (Named & Omit<ModifierGroupRule['options'][number], 'name' | 'shown'>)[]
    },
  language: Language,
): ModifierGroupRule => ({
  id,
  name: group.name,
  required,
  multipleSelect,
  ...shownIn(group, language),
  options: options.map((option) => ({
    id: option.id,
    name: option.name,
    priceAdjustmentCents: option.priceAdjustmentCents,
    isDefault: option.isDefault,
    ...(option.soldOut ? { soldOut: true } : {}),
    ...shownIn(option, language),
  })),
})

type ChoiceResult =
  | {
      ok: true
      optionIds: string[]
      extraCents: Cents
      /** In the groups' shown words where they have them: what the page reads. */
      summary: string | null
      /** In their stored names: what the bill line and the kitchen ticket keep. */
      storedSummary: string | null
    }
  | { ok: false; reason: 'required' | 'single' | 'sold-out'; groupId: string }
  | { ok: false; reason: 'unknown'; groupId: null }

/** What is chosen before the diner touches anything: the defaults still offered, at most one in a single-choice group. */
export function defaultChoice(groups: readonly ModifierGroupRule[]): string[] {
  return groups.flatMap((group) => {
    const defaults = group.options.filter((option) => option.isDefault && !option.soldOut).map((option) => option.id)
    return group.multipleSelect ? defaults : defaults.slice(0, 1)
  })
}

/**
 * Checks a choice of options against an item's groups: every option must be
 * the item's and not sold out, a required group needs one, a single-choice
 * group allows one. Answers the price to add per unit and the line's
 * description ('Salsa: Verde · Extras: Queso, Aguacate'), in the groups'
 * order: in their shown words where they have them, and in their stored names.
 */
export function checkChoice(groups: readonly ModifierGroupRule[], optionIds: readonly string[]): ChoiceResult {
  const chosen = new Set(optionIds)
  const known = new Set(groups.flatMap((group) => group.options.map((option) => option.id)))
  if ([...chosen].some((id) => !known.has(id))) return { ok: false, reason: 'unknown', groupId: null }
  const ordered: string[] = []
  const parts: string[] = []
  const storedParts: string[] = []
  let extraCents = 0
  for (const group of groups) {
    const picked = group.options.filter((option) => chosen.has(option.id))
    if (picked.some((option) => option.soldOut)) return { ok: false, reason: 'sold-out', groupId: group.id }
    if (group.required && picked.length === 0) return { ok: false, reason: 'required', groupId: group.id }
    if (!group.multipleSelect && picked.length > 1) return { ok: false, reason: 'single', groupId: group.id }
    if (picked.length === 0) continue
    ordered.push(...picked.map((option) => option.id))
    extraCents += picked.reduce((sum, option) => sum + option.priceAdjustmentCents, 0)
    const named = (text: { name: string; shown?: ShownName }) => text.shown?.name ?? text.name
    parts.push(`${named(group)}: ${picked.map(named).join(', ')}`)
    storedParts.push(`${group.name}: ${picked.map((option) => option.name).join(', ')}`)
  }
  const joined = (texts: string[]) => (texts.length ? texts.join(' · ') : null)
  return { ok: true, optionIds: ordered, extraCents, summary: joined(parts), storedSummary: joined(storedParts) }
}

/**
 * The options a dish is added with in one tap, or null when its sheet must
 * open: it asks nothing (no required group) and its defaults cost nothing,
 * so the price its row shows is what the tap puts on the order.
 */
export function oneTapChoice(groups: readonly ModifierGroupRule[]): string[] | null {
  if (groups.some((group) => group.required)) return null
  const choice = checkChoice(groups, defaultChoice(groups))
  return choice.ok && choice.extraCents === 0 ? choice.optionIds : null
}
