import { decimalPesos } from '~/domain/money'
import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  type DefaultValue,
  type FieldMetadata,
} from '@conform-to/react'
import { ALLERGENS, DIETARY_TAGS, type DishTag } from '~/domain/allergens'
import type { PhotoSize } from '~/domain/menu-photos'
import { menuItemSchema } from '~/domain/schemas/menus'
import { CheckboxField, ErrorList, Field, SelectField } from '../forms'
import { useI18n } from '../i18n'
import type { z } from '~/domain/schemas/zod'
import { useSchemaForm, type FormDefaults } from '../use-schema-form'
import { UrlDialog } from './dialog'
import { ItemPhotoForm } from './item-photo-form'
import { useMenuFormResult, FormShell, EnglishFields } from './menu-form-shell'

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
