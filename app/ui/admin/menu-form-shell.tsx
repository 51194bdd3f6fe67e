import { type getFormProps, getInputProps, type FieldMetadata } from '@conform-to/react'
import { Form, useActionData } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { MenuIntent } from '~/domain/schemas/menus'
import { ErrorList, Field, FormActions, useIsPending } from '../forms'
import { useI18n } from '../i18n'
import { resultFor } from '../use-schema-form'

/*
 * The forms of the menu editor. They
 * post to the page's action (app/server/menus/menu-actions.server.ts) with an
 * `intent`; a refused form comes back with its errors and what was typed.
 */

/** The page's last answer, when it was to this form (and this record). */
export function useMenuFormResult(intent: MenuIntent, id?: string) {
  return resultFor(useActionData<Parameters<typeof resultFor>[0]>(), intent, id)
}

export function FormShell({
  form,
  intent,
  id,
  submit,
  cancelTo,
  children,
}: {
  form: { errorId: string; errors?: string[]; formProps: ReturnType<typeof getFormProps> }
  intent: MenuIntent
  id?: string
  submit: string
  cancelTo: string
  children: ReactNode
}) {
  const { t } = useI18n()
  const pending = useIsPending({ intent })
  return (
    <Form method="post" className="grid gap-4" {...form.formProps}>
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} alert />
      {children}
      <FormActions cancelTo={cancelTo} cancelLabel={t('admin.menu.common.cancel')} pending={pending} keepPlace>
        {submit}
      </FormActions>
    </Form>
  )
}

/** The optional English name and description diners who read English see. */
export function EnglishFields({
  name,
  description,
}: {
  name: FieldMetadata<string | null | undefined>
  description: FieldMetadata<string | null | undefined>
}) {
  const { t } = useI18n()
  return (
    <fieldset
      className="grid gap-3 rounded-2xl border border-stone-200 p-4 dark:border-stone-700"
      data-testid="english-fields"
    >
      <legend className="px-1 font-bold">{t('admin.menu.english.legend')}</legend>
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.menu.english.hint')}</p>
      <Field
        label={t('admin.menu.english.name')}
        errors={name.errors}
        inputProps={{ ...getInputProps(name, { type: 'text' }), lang: 'en' }}
      />
      <Field
        label={t('admin.menu.english.description')}
        errors={description.errors}
        inputProps={{ ...getInputProps(description, { type: 'text' }), lang: 'en' }}
      />
    </fieldset>
  )
}
