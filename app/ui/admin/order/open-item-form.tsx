import { getFormProps, getInputProps } from '@conform-to/react'
import { useActionData, useFetcher } from '@remix-run/react'
import { MAX_LINE_NAME_CHARS, MAX_LINE_QUANTITY, MAX_NOTE_CHARS } from '~/domain/cart'
import { openItemSchema } from '~/domain/schemas/ticket'
import { buttonClass } from '~/ui/button'
import { ErrorList, Field, StatusButton } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { resultFor, useSchemaForm } from '~/ui/use-schema-form'
import type { OrderIntent } from '~/domain/schemas/ticket'

/**
 * An open item for the ticket (only staff may put a price on a line): its
 * name, what one costs, how many and a note. The schema speaks first with
 * JavaScript; the action's answer comes back under the fields with what was
 * typed, in the sheet it was typed in.
 */
export function OpenItemForm({ action }: { action: string }) {
  const { t } = useI18n()
  const fetcher = useFetcher()
  const actionData = useActionData()
  const lastResult = resultFor((fetcher.data ?? actionData) as Parameters<typeof resultFor>[0], 'open-item')
  const [form, fields] = useSchemaForm(openItemSchema, {
    id: 'open-item-form',
    lastResult,
    defaultValue: { quantity: '1' },
  })
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="grid gap-3" {...getFormProps(form)}>
      <p className="text-stone-600 dark:text-stone-400">{t('admin.order.openItemHint')}</p>
      <input type="hidden" name="intent" value={'open-item' satisfies OrderIntent} />
      <Field
        label={t('admin.order.name')}
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), maxLength: MAX_LINE_NAME_CHARS }}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label={t('admin.order.price')}
          errors={fields.price.errors}
          inputProps={{ ...getInputProps(fields.price, { type: 'text' }), inputMode: 'decimal' }}
        />
        <Field
          label={t('admin.order.quantity')}
          errors={fields.quantity.errors}
          inputProps={{ ...getInputProps(fields.quantity, { type: 'number' }), min: 1, max: MAX_LINE_QUANTITY }}
        />
      </div>
      <Field
        label={t('admin.order.note')}
        errors={fields.note.errors}
        inputProps={{ ...getInputProps(fields.note, { type: 'text' }), maxLength: MAX_NOTE_CHARS }}
      />
      <ErrorList errors={form.errors} alert testId="open-item-errors" />
      <StatusButton
        pending={fetcher.state === 'submitting'}
        className={`${buttonClass.primary} w-full`}
        data-testid="open-item-add"
      >
        {t('admin.order.addOpenItem')}
      </StatusButton>
    </fetcher.Form>
  )
}
