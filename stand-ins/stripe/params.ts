import { invalidParameter } from './errors'
import { type Form, type FormValue } from './form'

/**
 * A request's parameters, read the way Stripe validates them. A parameter the
 * endpoint does not take is refused, as Stripe refuses it ("Received unknown
 * parameter"); so is one Stripe takes but the stand-in does not implement, so
 * that a missing feature fails loudly instead of being ignored.
 */
export class Params {
  readonly #form: Form
  readonly #prefix: string

  constructor(form: Form, known: readonly string[], prefix = '') {
    this.#form = form
    this.#prefix = prefix
    for (const name of Object.keys(form)) {
      if (!known.includes(name))
        throw invalidParameter(`Received unknown parameter: ${this.#name(name)}`, {
          code: 'parameter_unknown',
          param: this.#name(name),
        })
    }
  }

  /** Refuses every parameter: for the endpoints that take none. */
  static none(form: Form): void {
    new Params(form, [])
  }

  has(name: string): boolean {
    return this.#form[name] !== undefined
  }

  string(name: string): string | undefined {
    const value = this.#scalar(name)
    if (value === '') throw this.#cannotBeEmpty(name)
    return value
  }

  requiredString(name: string): string {
    return this.string(name) ?? this.#missing(name)
  }

  /** A text Stripe lets a caller clear by sending it empty. */
  clearableString(name: string): string | null | undefined {
    const value = this.#scalar(name)
    return value === '' ? null : value
  }

  /** An absolute http(s) URL; test mode takes plain http, as Stripe's does. */
  url(name: string): string | undefined {
    const value = this.string(name)
    if (value === undefined) return undefined
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
      throw invalidParameter('Not a valid URL', { code: 'url_invalid', param: this.#name(name) })
    return value
  }

  requiredUrl(name: string): string {
    return this.url(name) ?? this.#missing(name)
  }

  integer(name: string): number | undefined {
    const value = this.string(name)
    if (value === undefined) return undefined
    const number = Number(value)
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(number)) {
      throw invalidParameter(`Invalid integer: ${value}`, {
        code: 'parameter_invalid_integer',
        param: this.#name(name),
      })
    }
    return number
  }

  requiredInteger(name: string): number {
    return this.integer(name) ?? this.#missing(name)
  }

  boolean(name: string): boolean | undefined {
    const value = this.string(name)
    if (value === undefined) return undefined
    if (value !== 'true' && value !== 'false')
      throw invalidParameter(`Invalid boolean: ${value}`, { param: this.#name(name) })
    return value === 'true'
  }

  requiredBoolean(name: string): boolean {
    return this.boolean(name) ?? this.#missing(name)
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const value = this.string(name)
    if (value === undefined) return undefined
    if (!(values as readonly string[]).includes(value)) {
      throw invalidParameter(`Invalid ${this.#name(name)}: must be one of ${values.join(', ')}`, {
        param: this.#name(name),
      })
    }
    return value as T
  }

  requiredOneOf<T extends string>(name: string, values: readonly T[]): T {
    return this.oneOf(name, values) ?? this.#missing(name)
  }

  /** A nested hash, itself checked for parameters it does not take. */
  object(name: string, known: readonly string[]): Params | undefined {
    const value = this.#form[name]
    if (value === undefined) return undefined
    if (typeof value !== 'object' || Array.isArray(value))
      throw invalidParameter(`Invalid object: ${this.#name(name)}`, { param: this.#name(name) })
    return new Params(value, known, this.#name(name))
  }

  stringList(name: string): string[] | undefined {
    const value = this.#form[name]
    if (value === undefined) return undefined
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) {
      throw invalidParameter(`Invalid array: ${this.#name(name)}`, { param: this.#name(name) })
    }
    return value as string[]
  }

  /** A list Stripe lets a caller empty by sending it as an empty string. */
  clearableStringList(name: string): string[] | undefined {
    return this.#form[name] === '' ? [] : this.stringList(name)
  }

  /** An integer (a timestamp) Stripe lets a caller clear by sending it empty. */
  clearableInteger(name: string): number | null | undefined {
    return this.#form[name] === '' ? null : this.integer(name)
  }

  /** Stripe's metadata, with its limits: 50 keys, keys up to 40 characters, values up to 500. */
  metadata(): Record<string, string> | undefined {
    const value = this.#form.metadata
    if (value === undefined) return undefined
    if (value === '') return {}
    if (typeof value !== 'object') throw invalidParameter('Invalid object: metadata', { param: 'metadata' })
    const entries = Object.entries(value as Record<string, FormValue>)
    if (entries.length > 50)
      throw invalidParameter('Invalid metadata: metadata can have at most 50 keys.', { param: 'metadata' })
    for (const [key, item] of entries) {
      if (typeof item !== 'string')
        throw invalidParameter(`Invalid metadata[${key}]: metadata values must be strings.`, {
          param: `metadata[${key}]`,
        })
      if (key.length > 40)
        throw invalidParameter(`Invalid metadata: keys can be at most 40 characters long ('${key}').`, {
          param: 'metadata',
        })
      if (item.length > 500)
        throw invalidParameter(`Invalid metadata[${key}]: values can be at most 500 characters long.`, {
          param: `metadata[${key}]`,
        })
    }
    return Object.fromEntries(entries) as Record<string, string>
  }

  #name(name: string): string {
    return this.#prefix ? `${this.#prefix}[${name}]` : name
  }

  #scalar(name: string): string | undefined {
    const value = this.#form[name]
    if (value === undefined || typeof value === 'string') return value
    throw invalidParameter(`Invalid string: ${this.#name(name)} must be a string, not a hash or a list`, {
      param: this.#name(name),
    })
  }

  #missing(name: string): never {
    throw invalidParameter(`Missing required param: ${this.#name(name)}.`, {
      code: 'parameter_missing',
      param: this.#name(name),
    })
  }

  #cannotBeEmpty(name: string) {
    const full = this.#name(name)
    return invalidParameter(
      `You passed an empty string for '${full}'. We assume empty values are an attempt to unset a parameter; however '${full}' cannot be unset. You should remove '${full}' from your request or supply a non-empty value.`,
      { code: 'parameter_invalid_empty', param: full },
    )
  }
}
