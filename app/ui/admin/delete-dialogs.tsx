import { Form } from '@remix-run/react'
import type { MenuIntent } from '~/domain/schemas/menus'
import { ErrorList, FormActions, useIsPending } from '../forms'
import { useI18n } from '../i18n'
import { UrlDialog } from './dialog'
import { useMenuFormResult } from './menu-form-shell'

/** The confirmation every delete asks for, saying what goes with it. */
function DeleteDialog({
  open,
  closeTo,
  intent,
  id,
  title,
  text,
}: {
  open: boolean
  closeTo: string
  intent: MenuIntent
  id: string
  title: string
  text: string
}) {
  const { t } = useI18n()
  const pending = useIsPending({ intent })
  const lastResult = useMenuFormResult(intent, id)
  return (
    <UrlDialog open={open} closeTo={closeTo} title={title}>
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <ErrorList errors={lastResult?.error?.['']} alert />
        <p>{text}</p>
        <FormActions cancelTo={closeTo} cancelLabel={t('admin.menu.common.cancel')} pending={pending} danger keepPlace>
          {t('admin.menu.common.delete')}
        </FormActions>
      </Form>
    </UrlDialog>
  )
}

/** What deleting each kind of record asks: its form's intent, and the warning saying what goes with it. */
const DELETES = {
  menu: {
    intent: 'menu.delete',
    title: 'admin.menu.management.deleteTitle',
    text: 'admin.menu.management.deleteText',
  },
  category: {
    intent: 'category.delete',
    title: 'admin.menu.builder.deleteCategoryTitle',
    text: 'admin.menu.builder.deleteCategoryText',
  },
  item: {
    intent: 'item.delete',
    title: 'admin.menu.builder.deleteItemTitle',
    text: 'admin.menu.builder.deleteItemText',
  },
  group: {
    intent: 'group.delete',
    title: 'admin.menu.builder.deleteGroupTitle',
    text: 'admin.menu.builder.deleteGroupText',
  },
  option: {
    intent: 'option.delete',
    title: 'admin.menu.builder.deleteOptionTitle',
    text: 'admin.menu.builder.deleteOptionText',
  },
} as const

/** Deleting a menu, a category, a dish, a modifier group or an option, once the address names it. */
export function DeleteRecordDialog({
  kind,
  record,
  closeTo,
}: {
  kind: keyof typeof DELETES
  record: { id: string; name: string } | undefined
  closeTo: string
}) {
  const { t } = useI18n()
  if (!record) return null
  const { intent, title, text } = DELETES[kind]
  return (
    <DeleteDialog
      open
      closeTo={closeTo}
      intent={intent}
      id={record.id}
      title={t(title, { name: record.name })}
      text={t(text)}
    />
  )
}
