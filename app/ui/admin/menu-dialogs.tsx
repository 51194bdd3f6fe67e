import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react'
import { categorySchema, menuSchema, MENU_TYPES } from '~/domain/schemas/menus'
import { ErrorList, Field, SelectField } from '../forms'
import { useI18n } from '../i18n'
import { useSchemaForm } from '../use-schema-form'
import { UrlDialog } from './dialog'
import { useMenuFormResult, FormShell, EnglishFields } from './menu-form-shell'

export function MenuDialog({
  open,
  closeTo,
  menu,
}: {
  open: boolean
  closeTo: string
  menu?: { id: string; name: string; description: string | null; type: string }
}) {
  const { t } = useI18n()
  const intent = menu ? 'menu.update' : 'menu.create'
  const [form, fields] = useSchemaForm(menuSchema, {
    id: `menu-${menu?.id ?? 'new'}`,
    lastResult: useMenuFormResult(intent, menu?.id),
    defaultValue: { name: menu?.name ?? '', description: menu?.description ?? '', type: menu?.type ?? 'regular' },
    coerce: false,
  })
  return (
    <UrlDialog
      open={open}
      closeTo={closeTo}
      title={menu ? t('admin.menu.management.editMenu') : t('admin.menu.management.addMenu')}
    >
      <FormShell
        form={{ errorId: form.errorId, errors: form.errors, formProps: getFormProps(form) }}
        intent={intent}
        id={menu?.id}
        submit={menu ? t('admin.menu.common.save') : t('admin.menu.management.create')}
        cancelTo={closeTo}
      >
        <Field
          label={t('admin.menu.common.name')}
          errors={fields.name.errors}
          inputProps={{
            ...getInputProps(fields.name, { type: 'text' }),
            placeholder: t('admin.menu.management.namePlaceholder'),
          }}
        />
        <SelectField
          label={t('admin.menu.management.type')}
          errors={fields.type.errors}
          selectProps={getSelectProps(fields.type)}
          options={MENU_TYPES.map((type) => ({ value: type, label: t(`admin.menu.types.${type}`) }))}
        />
        <Field
          label={t('admin.menu.common.description')}
          errors={fields.description.errors}
          inputProps={getInputProps(fields.description, { type: 'text' })}
        />
      </FormShell>
    </UrlDialog>
  )
}

export function CategoryDialog({
  open,
  closeTo,
  menuId,
  category,
}: {
  open: boolean
  closeTo: string
  menuId: string
  category?: {
    id: string
    name: string
    description: string | null
    nameEn: string | null
    descriptionEn: string | null
  }
}) {
  const { t } = useI18n()
  const intent = category ? 'category.update' : 'category.create'
  const [form, fields] = useSchemaForm(categorySchema, {
    id: `category-${category?.id ?? 'new'}`,
    lastResult: useMenuFormResult(intent, category?.id),
    defaultValue: {
      name: category?.name ?? '',
      description: category?.description ?? '',
      nameEn: category?.nameEn ?? '',
      descriptionEn: category?.descriptionEn ?? '',
    },
    coerce: false,
  })
  return (
    <UrlDialog
      open={open}
      closeTo={closeTo}
      title={category ? t('admin.menu.sidebar.editCategory') : t('admin.menu.builder.addCategory')}
    >
      <FormShell
        form={{ errorId: form.errorId, errors: form.errors, formProps: getFormProps(form) }}
        intent={intent}
        id={category?.id}
        submit={t('admin.menu.common.save')}
        cancelTo={closeTo}
      >
        <input type="hidden" name="menuId" value={menuId} />
        <ErrorList errors={fields.menuId.errors} />
        <Field
          label={t('admin.menu.builder.categoryName')}
          errors={fields.name.errors}
          inputProps={getInputProps(fields.name, { type: 'text' })}
        />
        <Field
          label={t('admin.menu.common.description')}
          errors={fields.description.errors}
          inputProps={getInputProps(fields.description, { type: 'text' })}
        />
        <EnglishFields name={fields.nameEn} description={fields.descriptionEn} />
      </FormShell>
    </UrlDialog>
  )
}
