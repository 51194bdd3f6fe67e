import { decimalPesos } from '~/domain/money'
import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  type DefaultValue,
  type FieldMetadata,
} from '@conform-to/react'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { ALLERGENS, DIETARY_TAGS, type DishTag } from '~/domain/allergens'
import type { PhotoSize } from '~/domain/menu-photos'
import { categorySchema, menuItemSchema, menuSchema, MENU_TYPES } from '~/domain/schemas/menus'
import type { MenuIntent } from '~/server/menus/menu-actions.server'
import { buttonClass } from '../button'
import { CheckboxField, ErrorList, Field, FormActions, SelectField, StatusButton, useIsPending } from '../forms'
import { useI18n } from '../i18n'
import type { z } from '~/domain/schemas/zod'
import { resultFor, useSchemaForm, type FormDefaults } from '../use-schema-form'
import { UrlDialog } from './dialog'
import { ItemPhotoForm } from './item-photo-form'

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

/** The optional English name and description diners who read English see. */
function EnglishFields({
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

/** The item's tags as checkboxes from the fixed list, allergens apart from the dietary ones. */
function TagFields({ field }: { field: FieldMetadata<string[] | string | undefined> }) {
  const { t } = useI18n()
  const boxes = (tags: readonly DishTag[]) =>
    getCollectionProps(field, { type: 'checkbox', options: [...tags] }).map((props) => (
      <CheckboxField key={props.value} label={t(`dish.tags.${props.value as DishTag}`)} inputProps={props} />
    ))
  return (
    <div className="grid gap-3" data-testid="tag-fields">
      <fieldset className="grid gap-1 rounded-2xl border border-stone-200 p-4 dark:border-stone-700">
        <legend className="px-1 font-bold">{t('admin.menu.tags.allergens')}</legend>
        <div className="grid grid-cols-2 gap-x-3">{boxes(ALLERGENS)}</div>
      </fieldset>
      <fieldset className="grid gap-1 rounded-2xl border border-stone-200 p-4 dark:border-stone-700">
        <legend className="px-1 font-bold">{t('admin.menu.tags.dietary')}</legend>
        <div className="grid grid-cols-2 gap-x-3">{boxes(DIETARY_TAGS)}</div>
      </fieldset>
      <ErrorList errors={field.errors} />
    </div>
  )
}

/** Which of the restaurant's modifier groups the dish offers, as check boxes. */
function ModifierGroupFields({
  field,
  groups,
}: {
  field: FieldMetadata<string[] | string | undefined>
  groups: { id: string; name: string }[]
}) {
  const { t } = useI18n()
  return (
    <fieldset
      className="grid gap-1 rounded-2xl border border-stone-200 p-4 dark:border-stone-700"
      data-testid="dish-modifier-groups"
    >
      <legend className="px-1 font-bold">{t('admin.menu.modifiers.onDish')}</legend>
      {/* Sent even with nothing ticked, so that unticking the last group takes it off the dish. */}
      <input type="hidden" name={field.name} value="" />
      {groups.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.menu.modifiers.onDishNone')}</p>
      ) : (
        <div className="grid grid-cols-2 gap-x-3">
          {getCollectionProps(field, { type: 'checkbox', options: groups.map((group) => group.id) }).map((props) => (
            <CheckboxField
              key={props.value}
              label={groups.find((group) => group.id === props.value)?.name ?? ''}
              inputProps={props}
            />
          ))}
        </div>
      )}
      <ErrorList errors={field.errors} />
    </fieldset>
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

/**
 * The item form. The category chooser is 'choose' for a new item, 'fixed'
 * (shown, disabled) when the item is added to a given category, and 'hidden'
 * when editing. Editing shows the item's photo first, with its own forms (a
 * new item has none until it is saved).
 */
export function ItemDialog({
  open,
  closeTo,
  categories,
  categoryId,
  categoryMode,
  modifierGroups,
  item,
}: {
  open: boolean
  closeTo: string
  categories: { id: string; name: string }[]
  categoryId?: string
  categoryMode: 'choose' | 'fixed' | 'hidden'
  /** The restaurant's groups to offer on the dish; left out, the form leaves the dish's groups as they are. */
  modifierGroups?: { id: string; name: string }[]
  item?: {
    id: string
    name: string
    description: string | null
    priceCents: number
    categoryId: string
    nameEn: string | null
    descriptionEn: string | null
    tags: DishTag[]
    photo: { id: string; sizes: PhotoSize[] } | null
    modifierGroupIds?: string[]
  }
}) {
  const { t } = useI18n()
  const intent = item ? 'item.update' : 'item.create'
  const [form, fields] = useSchemaForm(menuItemSchema, {
    id: `item-${item?.id ?? 'new'}`,
    lastResult: useMenuFormResult(intent, item?.id),
    defaultValue: {
      name: item?.name ?? '',
      description: item?.description ?? '',
      price: item ? decimalPesos(item.priceCents) : '',
      categoryId: item?.categoryId ?? '',
      nameEn: item?.nameEn ?? '',
      descriptionEn: item?.descriptionEn ?? '',
      tags: item?.tags ?? [],
      modifierGroupIds: item?.modifierGroupIds ?? [],
    } satisfies DefaultValue<z.input<typeof menuItemSchema>> as FormDefaults<typeof menuItemSchema>,
    coerce: false,
  })
  // The dialog stays mounted while the page's ?category= changes, so a fixed category is read from the props, not from the form's first values.
  const chosen = item?.categoryId ?? categoryId ?? fields.categoryId.initialValue ?? ''
  return (
    <UrlDialog
      open={open}
      closeTo={closeTo}
      title={item ? t('admin.menu.sidebar.editItem') : t('admin.menu.builder.addMenuItem')}
    >
      {/* A new photo starts the form afresh: no file still chosen, nothing still named. */}
      {item ? <ItemPhotoForm key={item.photo?.id ?? 'none'} item={item} /> : null}
      <FormShell
        form={{ errorId: form.errorId, errors: form.errors, formProps: getFormProps(form) }}
        intent={intent}
        id={item?.id}
        submit={t('admin.menu.common.save')}
        cancelTo={closeTo}
      >
        <Field
          label={t('admin.menu.builder.itemName')}
          errors={fields.name.errors}
          inputProps={getInputProps(fields.name, { type: 'text' })}
        />
        <Field
          label={t('admin.menu.common.description')}
          errors={fields.description.errors}
          inputProps={getInputProps(fields.description, { type: 'text' })}
        />
        <Field
          label={t('admin.menu.builder.price')}
          errors={fields.price.errors}
          inputProps={{ ...getInputProps(fields.price, { type: 'text' }), inputMode: 'decimal', placeholder: '0.00' }}
        />
        {categoryMode === 'choose' ? (
          <SelectField
            label={t('admin.menu.builder.category')}
            errors={fields.categoryId.errors}
            selectProps={getSelectProps(fields.categoryId)}
            options={[
              { value: '', label: t('admin.menu.builder.chooseCategory') },
              ...categories.map((category) => ({ value: category.id, label: category.name })),
            ]}
          />
        ) : (
          <>
            {/* A disabled select is not submitted; the fixed or edited item's category travels hidden. */}
            <input type="hidden" name="categoryId" value={chosen} />
            {categoryMode === 'fixed' ? (
              <SelectField
                label={t('admin.menu.builder.category')}
                errors={fields.categoryId.errors}
                selectProps={{ disabled: true, value: chosen, onChange: () => undefined }}
                options={categories.map((category) => ({ value: category.id, label: category.name }))}
              />
            ) : null}
          </>
        )}
        {modifierGroups ? <ModifierGroupFields field={fields.modifierGroupIds} groups={modifierGroups} /> : null}
        <TagFields field={fields.tags} />
        <EnglishFields name={fields.nameEn} description={fields.descriptionEn} />
      </FormShell>
      {item ? null : (
        <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">{t('admin.menu.photo.saveFirst')}</p>
      )}
    </UrlDialog>
  )
}

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

/** "Agotado" beside an item's name, in words rather than colour alone. */
export function SoldOutBadge() {
  const { t } = useI18n()
  return (
    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
      {t('admin.menu.builder.soldOut')}
    </span>
  )
}

/** The kitchen's one-tap switch: takes an item off for now ("Agotado") or offers it again. */
export function SoldOutSwitch({
  item,
  className = '',
}: {
  item: { id: string; name: string; soldOut: boolean }
  className?: string
}) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const pending = useIsPending({ intent: 'item.availability' }) && navigation.formData?.get('id') === item.id
  const words = t(item.soldOut ? 'admin.menu.builder.offerAgain' : 'admin.menu.builder.markSoldOut')
  return (
    <Form method="post" preventScrollReset className={className}>
      <input type="hidden" name="intent" value="item.availability" />
      <input type="hidden" name="id" value={item.id} />
      {item.soldOut ? null : <input type="hidden" name="soldOut" value="on" />}
      <StatusButton
        pending={pending}
        className={`${buttonClass.secondary} px-3 whitespace-nowrap`}
        aria-label={`${words}: ${item.name}`}
        data-testid="sold-out-switch"
      >
        {words}
      </StatusButton>
    </Form>
  )
}
