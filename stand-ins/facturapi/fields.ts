import { invalidField, type Location, notImplemented } from './errors'

/** An email address, as far as a form checks one. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * A JSON object of a request, read the way Facturapi validates its input:
 * each refusal names the field's dotted path (`customer.address.zip`,
 * `items.0.quantity`) with a subcode from the error guide (`required`,
 * `invalid_type`, `unknown_field`, …). A field Facturapi does not take is
 * refused as `unknown_field`; one it takes but the stand-in does not
 * implement is refused too (errors.ts, notImplemented), never ignored.
 * `null` reads as absent, as Facturapi's optional fields are nullable.
 * The first fault found is the one answered.
 */
export class Fields {
  readonly #value: Record<string, unknown>

  private constructor(
    value: Record<string, unknown>,
    readonly at: string,
    readonly location: Location,
  ) {
    this.#value = value
  }

  /**
   * `value` as an object holding only `known` fields (and `unimplemented`
   * ones, refused as such when present).
   */
  static of(
    value: unknown,
    at: string,
    known: readonly string[],
    { unimplemented = [], location = 'body' }: { unimplemented?: readonly string[]; location?: Location } = {},
  ): Fields {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw at
        ? invalidField(at, 'invalid_type', `El campo "${at}" debe ser un objeto.`, location)
        : invalidField('', 'invalid_type', 'El cuerpo de la petición debe ser un objeto JSON.', location)
    const fields = new Fields(value as Record<string, unknown>, at, location)
    for (const [name, field] of Object.entries(value)) {
      if (field === undefined || field === null) continue
      if (unimplemented.includes(name)) throw notImplemented(fields.path(name), 'este campo', location)
      if (!known.includes(name))
        throw invalidField(
          fields.path(name),
          'unknown_field',
          `El campo "${fields.path(name)}" no está permitido.`,
          location,
        )
    }
    return fields
  }

  path(name: string): string {
    return this.at ? `${this.at}.${name}` : name
  }

  has(name: string): boolean {
    return this.#raw(name) !== undefined
  }

  string(name: string): string | undefined {
    const value = this.#raw(name)
    if (value === undefined) return undefined
    if (typeof value !== 'string') throw this.#wrongType(name, 'texto')
    return value
  }

  requiredString(name: string): string {
    const value = this.string(name)
    if (value === undefined || value.trim() === '') throw this.required(name)
    return value
  }

  /** A string of a catalogue: one of `values`. */
  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const value = this.string(name)
    if (value === undefined) return undefined
    if (!(values as readonly string[]).includes(value))
      throw this.invalid(name, 'invalid_value', `El valor "${value}" no es válido para "${this.path(name)}".`)
    return value as T
  }

  requiredOneOf<T extends string>(name: string, values: readonly T[]): T {
    const value = this.oneOf(name, values)
    if (value === undefined) throw this.required(name)
    return value
  }

  number(name: string, { min, integer = false }: { min?: number; integer?: boolean } = {}): number | undefined {
    const value = this.#raw(name)
    if (value === undefined) return undefined
    if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value)))
      throw this.#wrongType(name, integer ? 'entero' : 'número')
    if (min !== undefined && value < min)
      throw this.invalid(name, 'too_small', `El campo "${this.path(name)}" debe ser mayor o igual a ${min}.`)
    return value
  }

  boolean(name: string): boolean | undefined {
    const value = this.#raw(name)
    if (value === undefined) return undefined
    if (typeof value !== 'boolean') throw this.#wrongType(name, 'booleano')
    return value
  }

  list(name: string): unknown[] | undefined {
    const value = this.#raw(name)
    if (value === undefined) return undefined
    if (!Array.isArray(value)) throw this.#wrongType(name, 'arreglo')
    return value
  }

  /** A nested object, read with its own known fields. */
  object(
    name: string,
    known: readonly string[],
    options: { unimplemented?: readonly string[] } = {},
  ): Fields | undefined {
    const value = this.#raw(name)
    if (value === undefined) return undefined
    return Fields.of(value, this.path(name), known, { ...options, location: this.location })
  }

  requiredObject(name: string, known: readonly string[], options: { unimplemented?: readonly string[] } = {}) {
    const fields = this.object(name, known, options)
    if (!fields) throw this.required(name)
    return fields
  }

  /** The raw value, for a field that may take more than one shape. */
  raw(name: string): unknown {
    return this.#raw(name)
  }

  required(name: string) {
    return this.invalid(name, 'required', `El campo "${this.path(name)}" es requerido.`)
  }

  invalid(name: string, code: string, message: string) {
    return invalidField(this.path(name), code, message, this.location)
  }

  #raw(name: string): unknown {
    const value = this.#value[name]
    return value === null ? undefined : value
  }

  #wrongType(name: string, type: string) {
    return this.invalid(name, 'invalid_type', `El campo "${this.path(name)}" debe ser de tipo ${type}.`)
  }
}
