import type { Resources } from './index'

type Vars = Record<string, string | number>

/** 'a.b.c' for every text in the resources; a plural's forms (`key_one`, `key_other`) are also reachable as `key`. */
type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}` | (K extends `${infer Base}_${'one' | 'other'}` ? `${Prefix}${Base}` : never)
    : KeysOf<T[K], `${Prefix}${K}.`>
}[keyof T & string]

/** Every translation key: a misspelt one fails the typecheck. */
export type TranslationKey = KeysOf<Resources>

/**
 * A translator. Called with a key it is typed: a misspelt key fails the
 * typecheck. `message` takes text that comes from data (a schema's error, a
 * toast kept in a cookie, a key built from a stored value): a translation key
 * is translated, anything else is shown as it is.
 */
export type TFunction = ((key: TranslationKey, vars?: Vars) => string) & {
  message: (text: string, vars?: Vars) => string
}

/**
 * A small translator over one language's resources, with i18next's
 * conventions ({{name}} interpolation, key_one / key_other plurals), so the
 * diner's phone does not download i18next itself.
 */
export function makeT(language: string, resources: Partial<Resources>): TFunction {
  const plurals = new Intl.PluralRules(language)
  const lookup = (key: string): unknown =>
    key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
        resources,
      )
  const translate = (key: string, vars?: Vars) => {
    let value = lookup(key)
    if (vars && typeof vars.count === 'number') {
      const plural = lookup(`${key}_${plurals.select(vars.count)}`) ?? lookup(`${key}_other`)
      if (plural !== undefined) value = plural
    }
    if (typeof value !== 'string') return key
    return vars
      ? value.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match))
      : value
  }
  return Object.assign(translate, { message: translate })
}
