import { invalidRequest } from './errors'

/**
 * A Stripe form body decoded. Stripe's API takes nested parameters as
 * bracketed names (`metadata[table]=7`, `capabilities[transfers][requested]=true`)
 * and lists as indexed ones (`payment_method_types[0]=card`); the SDK writes
 * them that way.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type Form = { [key: string]: FormValue }

const NAME = /^([^[\]]+)((?:\[[^[\]]*\])*)$/

export function decodeForm(text: string): Form {
  const root: Form = {}
  for (const [name, value] of new URLSearchParams(text)) {
    const match = NAME.exec(name)
    if (!match) throw invalidRequest(`Invalid parameter name: ${name}`)
    const keys = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((key) => key[1]!)]
    let node = root
    keys.forEach((key, depth) => {
      // `a[]=x` is qs's way of appending to a list; Stripe reads it too.
      const slot = key === '' ? String(Object.keys(node).length) : key
      if (depth === keys.length - 1) {
        if (typeof node[slot] === 'object')
          throw invalidRequest(`Invalid ${name}: ${keys.slice(0, depth + 1).join('.')} is both a value and a hash`)
        node[slot] = value
        return
      }
      const next = node[slot] ?? {}
      if (typeof next === 'string')
        throw invalidRequest(`Invalid ${name}: ${keys.slice(0, depth + 1).join('.')} is both a value and a hash`)
      node[slot] = next
      node = next as Form
    })
  }
  return withLists(root) as Form
}

/** Hashes whose keys are exactly 0…n-1 are the indexed lists the SDK sent. */
function withLists(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value
  const entries = Object.entries(value).map(([key, inner]) => [key, withLists(inner)] as const)
  const isList =
    entries.length > 0 && entries.every(([key]) => /^(0|[1-9]\d*)$/.test(key) && Number(key) < entries.length)
  if (isList) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner)
  return Object.fromEntries(entries)
}

/** One text per set of parameters whatever the order they came in, to tell a replay from a different request. */
export function fingerprint(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`
  const keys = Object.keys(value).sort()
  return `{${keys.map((key) => `${JSON.stringify(key)}:${fingerprint(value[key]!)}`).join(',')}}`
}
