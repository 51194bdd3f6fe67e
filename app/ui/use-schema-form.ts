import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react'
import { useActionData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { z } from '~/domain/schemas/zod'

type Result = SubmissionResult<string[]> | null | undefined

/**
 * The first values useSchemaForm takes. Its open-ended record part reads any
 * extra field as text, so a form with a list field (checkboxes) checks its
 * values against the schema's input and then states them as this type.
 */
export type FormDefaults<Schema extends z.ZodType> = DefaultValue<z.input<Schema> & Record<string, unknown>>

/**
 * A staff or public page's form: the server's last answer (what was typed and
 * the errors under their fields), and once hydrated the browser checks the
 * same schema the action parses before anything is sent, then each field
 * again as it is typed in. Diner pages do not use it: it brings zod and
 * conform to the phone.
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>>>(
  schema: Schema,
  {
    id,
    lastResult,
    defaultValue,
    coerce = true,
  }: { id: string; lastResult: Result; defaultValue?: FormDefaults<Schema>; coerce?: boolean },
) {
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    // The constraints are the fields'; a schema that reshapes its result is read through to the object it starts from.
    constraint: getZodConstraint(schema instanceof z.ZodPipe ? schema.in : schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: !coerce }),
    // Not on blur: pressing the submit button blurs the last field, its error would vanish
    // and the button move up from under the pointer before the click lands.
    shouldRevalidate: 'onInput',
  })
}

/**
 * The last answer when it was to this form: pages with several forms tell
 * them apart by the `intent` (and the record `id`, in the field `idField`)
 * the answer echoes back.
 */
export function resultFor(result: Result, intent: string, id?: string, idField = 'id'): Result {
  const sent = result?.initialValue
  if (!sent || sent.intent !== intent) return undefined
  return id === undefined || sent[idField] === id ? result : undefined
}

/** This form's last answer from the page's action: the same intent, and the same record when one page lists several. */
export function useLastResult(intent: string, record?: { field: string; id: string }): Result {
  return resultFor(useActionData<Result>(), intent, record?.id, record?.field)
}

/**
 * A key for a form that must come back empty once one of its kind
 * (`intent`) went through: it changes when such a submission ends without
 * a refusal, and never otherwise, so a live update of the page leaves what
 * is being typed alone. Without JavaScript every answer is a new page anyway.
 */
export function useKeyAfterSuccess(intent: string): number {
  const navigation = useNavigation()
  const refused = useLastResult(intent)
  const [key, setKey] = useState(0)
  const sending = useRef(false)
  useEffect(() => {
    if (navigation.formData?.get('intent') === intent) sending.current = true
    else if (navigation.state === 'idle' && sending.current) {
      sending.current = false
      if (!refused) setKey((previous) => previous + 1)
    }
  }, [navigation.state, navigation.formData, intent, refused])
  return key
}

/**
 * The refusal of a form no longer on the page (its line was paid, its dish
 * sold out meanwhile), which the page itself must then say; `shown` tells
 * whether the form the answer went to is still drawn.
 */
export function useUnansweredRefusal(shown: (sent: Record<string, unknown>) => boolean) {
  const result = useActionData<Result>()
  const sent = result?.initialValue
  const errors = result?.error?.['']
  return sent && errors && !shown(sent) ? errors : null
}
