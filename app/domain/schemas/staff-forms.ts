import type { Permission } from '../permissions'
import { z } from './zod'

/** One form of a staff page: the permission sending it takes, and what it sends besides its `intent`. */
interface StaffForm {
  permission: Permission
  /** An object, or an object whose parse goes on to make what the action reads. */
  schema: z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodTransform>
}

type Forms = Record<string, StaffForm>

export type IntentOf<F extends Forms> = keyof F & string

/** What a page's forms send, parsed: one member per intent, told apart by it. */
export type SentForm<F extends Forms> = { [I in IntentOf<F>]: z.output<F[I]['schema']> & { intent: I } }[IntentOf<F>]

/** An intent of a page's forms, for a hidden input the typecheck ties to the page's list. */
export type IntentIn<S extends { intents: readonly string[] }> = S['intents'][number]

export interface StaffForms<F extends Forms> {
  /** The page's intents: what its forms' hidden `intent` inputs may say (`IntentIn`). */
  intents: IntentOf<F>[]
  /** Each intent's permission: the page's access map, which the guard checks before anything is parsed. */
  permissions: Record<IntentOf<F>, Permission>
  /** Every form of the page as one `z.discriminatedUnion('intent', …)`: the action parses once and switches on the intent. */
  schema: z.ZodType<SentForm<F>>
}

/** A form's schema that also reads its `intent`, and keeps it in what it makes. */
function member(schema: StaffForm['schema'], intent: string) {
  const named = { intent: z.literal(intent) }
  if (schema instanceof z.ZodObject) return schema.safeExtend(named)
  return z
    .pipe(schema.in.safeExtend(named), schema.out as z.ZodType<unknown, Record<string, unknown>>)
    .transform((value) => ({ ...(value as object), intent }))
}

/**
 * A staff page's forms, written once: each intent with its permission and
 * its schema. The guard, the action and the forms' hidden `intent` inputs
 * (typed by IntentOf) all read this one list.
 */
export function staffForms<const F extends Forms>(forms: F): StaffForms<F> {
  const intents = Object.keys(forms) as IntentOf<F>[]
  const [first, ...rest] = intents.map((intent) => member(forms[intent]!.schema, intent))
  if (!first) throw new Error('A page without forms has no intents')
  return {
    intents,
    permissions: Object.fromEntries(intents.map((intent) => [intent, forms[intent]!.permission])) as Record<
      IntentOf<F>,
      Permission
    >,
    // The union's type is the one each member was built for; zod cannot spell it from a mapped list.
    schema: z.discriminatedUnion('intent', [first, ...rest]) as unknown as z.ZodType<SentForm<F>>,
  }
}
