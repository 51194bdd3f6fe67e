type FieldValue = string | number | boolean | null | undefined | FieldValue[] | { [key: string]: FieldValue }

/** Form field names and values for `value`, named the way conform reads them back (`list[0]`, `record.key`). */
function formFields(value: FieldValue, name = ''): [string, string][] {
  if (value === null || value === undefined) return []
  if (Array.isArray(value)) return value.flatMap((entry, index) => formFields(entry, `${name}[${index}]`))
  if (typeof value === 'object')
    return Object.entries(value).flatMap(([key, entry]) => formFields(entry, name ? `${name}.${key}` : key))
  return [[name, String(value)]]
}

/** A request a form sends as it was prepared on the server, in hidden inputs. */
export function HiddenFields({ value }: { value: { [key: string]: FieldValue } }) {
  return formFields(value).map(([name, fieldValue]) => (
    <input key={name} type="hidden" name={name} value={fieldValue} />
  ))
}
