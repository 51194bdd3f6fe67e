import { getFormProps, getInputProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { createTableSchema, editTableSchema, type DashboardIntent } from '~/domain/schemas/tables'
import { ErrorList, Field, FormActions, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { useLastResult, useSchemaForm } from '~/ui/use-schema-form'

/* The Mesas tab's dialogs that add a table, rename it or change its seats, and archive it. */

export function CreateTableForm() {
  const { t } = useI18n()
  const pending = useIsPending({ intent: 'create' })
  const [form, fields] = useSchemaForm(createTableSchema, {
    id: 'create-table',
    lastResult: useLastResult('create'),
  })
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={'create' satisfies DashboardIntent} />
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <Field
        label={t('admin.tables.number')}
        errors={fields.tableNumber.errors}
        inputProps={{
          ...getInputProps(fields.tableNumber, { type: 'text' }),
          placeholder: t('admin.tables.numberPlaceholder'),
        }}
      />
      <Field
        label={t('admin.tables.name')}
        errors={fields.tableName.errors}
        inputProps={getInputProps(fields.tableName, { type: 'text' })}
      />
      <Field
        label={t('admin.tables.capacityLabel')}
        errors={fields.capacity.errors}
        inputProps={{ ...getInputProps(fields.capacity, { type: 'number' }), min: 1, inputMode: 'numeric' }}
      />
      <FormActions cancelTo="?" cancelLabel={t('admin.tables.cancel')} pending={pending}>
        {t('admin.tables.create')}
      </FormActions>
    </Form>
  )
}

export function EditTableForm({ table }: { table: { id: string; tableName: string | null; capacity: number | null } }) {
  const { t } = useI18n()
  const pending = useIsPending({ intent: 'update' })
  const [form, fields] = useSchemaForm(editTableSchema, {
    id: `edit-table-${table.id}`,
    lastResult: useLastResult('update', { field: 'id', id: table.id }),
    defaultValue: {
      id: table.id,
      tableName: table.tableName ?? '',
      capacity: table.capacity === null ? '' : String(table.capacity),
    },
  })
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={'update' satisfies DashboardIntent} />
      <input {...getInputProps(fields.id, { type: 'hidden' })} />
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <Field
        label={t('admin.tables.editName')}
        errors={fields.tableName.errors}
        inputProps={getInputProps(fields.tableName, { type: 'text' })}
      />
      <Field
        label={t('admin.tables.capacityLabel')}
        errors={fields.capacity.errors}
        inputProps={{ ...getInputProps(fields.capacity, { type: 'number' }), min: 1, inputMode: 'numeric' }}
      />
      <FormActions cancelTo="?" cancelLabel={t('admin.tables.cancel')} pending={pending}>
        {t('admin.tables.save')}
      </FormActions>
    </Form>
  )
}

export function ArchiveTableForm({ table }: { table: { id: string; tableNumber: string } }) {
  const { t } = useI18n()
  const pending = useIsPending({ intent: 'archive' })
  const lastResult = useLastResult('archive', { field: 'id', id: table.id })
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value={'archive' satisfies DashboardIntent} />
      <input type="hidden" name="id" value={table.id} />
      <ErrorList errors={lastResult?.error?.['']} alert />
      <p data-testid="archive-text">{t('admin.tables.archiveText', { number: table.tableNumber })}</p>
      <FormActions cancelTo="?" cancelLabel={t('admin.tables.cancel')} pending={pending} danger>
        {t('admin.tables.archiveConfirm')}
      </FormActions>
    </Form>
  )
}
