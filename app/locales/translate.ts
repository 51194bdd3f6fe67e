import type { Resources } from './index'

export type Vars = Record<string, string | number>
export type TFunction = (key: string, vars?: Vars) => string

/**
 * A small translator over one language's resources, with i18next's
 * conventions ({{name}} interpolation, key_one / key_other plurals), so the
 * diner's phone does not download i18next itself.
 */
export function makeT(language: string, resources: Partial<Resources>): TFunction {
  const plurals = new Intl.PluralRules(language)
  const lookup = (key: string): unknown =>
    key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), resources)
  return (key, vars) => {
    let value = lookup(key)
    if (vars && typeof vars.count === 'number') {
      const plural = lookup(`${key}_${plurals.select(vars.count)}`) ?? lookup(`${key}_other`)
      if (plural !== undefined) value = plural
    }
    if (typeof value !== 'string') return key
    return vars ? value.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match)) : value
  }
}
