import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { MENU_TYPES } from '~/domain/schemas/menus'
import type { MenuActionResult, MenuIntent } from '~/server/menu-actions.server'
import { buttonClass } from '../button'
import { CheckboxField, Field, SelectField } from '../field'
import { useI18n } from '../i18n'
import { UrlDialog } from './dialog'

/*
 * The forms of the menu screens (management, builder, sidebar builder). They
 * post to the page's action (app/server/menu-actions.server.ts) with an
 * `intent`; a refused form comes back with its errors and what was typed.
 */

/** The errors and typed values of the last refused form, when it was this one. */
function useResult(intent: MenuIntent, id?: string) {
  const result = useActionData<MenuActionResult>()
  const mine = result?.intent === intent && (id === undefined || result.values.id === id) ? result : null
  return { errors: mine?.errors ?? {}, values: mine?.values ?? null, message: mine?.message ?? null }
}

const pesosText = (cents: number) => (cents / 100).toFixed(2)

function FormShell({ intent, id, message, submit, cancelTo, children, encType }: { intent: MenuIntent; id?: string; message: string | null; submit: string; cancelTo: string; children: ReactNode; encType?: 'multipart/form-data' }) {
  const { t } = useI18n()
  const pending = useNavigation().state === 'submitting'
  return (
    <Form method="post" className="grid gap-4" noValidate encType={encType}>
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {message ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-900">
          {t(message)}
        </p>
      ) : null}
      {children}
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} replace preventScrollReset className={buttonClass.secondary}>
          {t('admin.menu.common.cancel')}
        </Link>
        <button type="submit" className={buttonClass.primary} disabled={pending}>
          {submit}
        </button>
      </div>
    </Form>
  )
}

export function MenuDialog({ open, closeTo, menu }: { open: boolean; closeTo: string; menu?: { id: string; name: string; description: string | null; type: string } }) {
  const { t } = useI18n()
  const intent = menu ? 'menu.update' : 'menu.create'
  const { errors, values, message } = useResult(intent, menu?.id)
  return (
    <UrlDialog open={open} closeTo={closeTo} title={menu ? t('admin.menu.management.editMenu') : t('admin.menu.management.addMenu')}>
      <FormShell intent={intent} id={menu?.id} message={message} submit={menu ? t('admin.menu.common.save') : t('admin.menu.management.create')} cancelTo={closeTo}>
        <Field label={t('admin.menu.common.name')} name="name" placeholder={t('admin.menu.management.namePlaceholder')} defaultValue={values?.name ?? menu?.name ?? ''} error={errors.name} />
        <SelectField
          label={t('admin.menu.management.type')}
          name="type"
          defaultValue={values?.type ?? menu?.type ?? 'regular'}
          error={errors.type}
          options={MENU_TYPES.map((type) => ({ value: type, label: t(`admin.menu.types.${type}`) }))}
        />
        <Field label={t('admin.menu.common.description')} name="description" defaultValue={values?.description ?? menu?.description ?? ''} error={errors.description} />
      </FormShell>
    </UrlDialog>
  )
}

export function CategoryDialog({ open, closeTo, menuId, category }: { open: boolean; closeTo: string; menuId: string; category?: { id: string; name: string; description: string | null } }) {
  const { t } = useI18n()
  const intent = category ? 'category.update' : 'category.create'
  const { errors, values, message } = useResult(intent, category?.id)
  return (
    <UrlDialog open={open} closeTo={closeTo} title={category ? t('admin.menu.sidebar.editCategory') : t('admin.menu.builder.addCategory')}>
      <FormShell intent={intent} id={category?.id} message={message} submit={t('admin.menu.common.save')} cancelTo={closeTo}>
        <input type="hidden" name="menuId" value={menuId} />
        {errors.menuId ? <p className="text-sm font-medium text-red-800">{t(errors.menuId[0] ?? '')}</p> : null}
        <Field label={t('admin.menu.builder.categoryName')} name="name" defaultValue={values?.name ?? category?.name ?? ''} error={errors.name} />
        <Field label={t('admin.menu.common.description')} name="description" defaultValue={values?.description ?? category?.description ?? ''} error={errors.description} />
      </FormShell>
    </UrlDialog>
  )
}

/**
 * The item form. The category chooser is 'choose' for a new item, 'fixed'
 * (shown, disabled) when the item is added to a given category, and 'hidden'
 * when editing (SPEC §2.16).
 */
export function ItemDialog({
  open,
  closeTo,
  categories,
  categoryId,
  categoryMode,
  item,
}: {
  open: boolean
  closeTo: string
  categories: { id: string; name: string }[]
  categoryId?: string
  categoryMode: 'choose' | 'fixed' | 'hidden'
  item?: { id: string; name: string; description: string | null; priceCents: number; categoryId: string }
}) {
  const { t } = useI18n()
  const intent = item ? 'item.update' : 'item.create'
  const { errors, values, message } = useResult(intent, item?.id)
  const chosen = values?.categoryId ?? item?.categoryId ?? categoryId ?? ''
  return (
    <UrlDialog open={open} closeTo={closeTo} title={item ? t('admin.menu.sidebar.editItem') : t('admin.menu.builder.addMenuItem')}>
      <FormShell intent={intent} id={item?.id} message={message} submit={t('admin.menu.common.save')} cancelTo={closeTo}>
        <Field label={t('admin.menu.builder.itemName')} name="name" defaultValue={values?.name ?? item?.name ?? ''} error={errors.name} />
        <Field label={t('admin.menu.common.description')} name="description" defaultValue={values?.description ?? item?.description ?? ''} error={errors.description} />
        <Field label={t('admin.menu.builder.price')} name="price" inputMode="decimal" placeholder="0.00" defaultValue={values?.price ?? (item ? pesosText(item.priceCents) : '')} error={errors.price} />
        {categoryMode === 'choose' ? (
          <SelectField
            label={t('admin.menu.builder.category')}
            name="categoryId"
            defaultValue={chosen}
            error={errors.categoryId}
            options={[{ value: '', label: t('admin.menu.builder.chooseCategory') }, ...categories.map((category) => ({ value: category.id, label: category.name }))]}
          />
        ) : (
          <>
            {/* A disabled select is not submitted; the fixed or edited item's category travels hidden. */}
            <input type="hidden" name="categoryId" value={chosen} />
            {categoryMode === 'fixed' ? (
              <SelectField label={t('admin.menu.builder.category')} disabled value={chosen} onChange={() => undefined} error={errors.categoryId} options={categories.map((category) => ({ value: category.id, label: category.name }))} />
            ) : null}
          </>
        )}
      </FormShell>
    </UrlDialog>
  )
}

export function GroupDialog({ open, closeTo, menuItemId }: { open: boolean; closeTo: string; menuItemId: string }) {
  const { t } = useI18n()
  const { errors, values, message } = useResult('group.create')
  return (
    <UrlDialog open={open} closeTo={closeTo} title={t('admin.menu.builder.addGroup')}>
      <FormShell intent="group.create" message={message} submit={t('admin.menu.common.save')} cancelTo={closeTo}>
        <input type="hidden" name="menuItemId" value={menuItemId} />
        <Field label={t('admin.menu.builder.groupName')} name="name" placeholder={t('admin.menu.builder.groupPlaceholder')} defaultValue={values?.name ?? ''} error={errors.name} />
        <Field label={t('admin.menu.common.description')} name="description" defaultValue={values?.description ?? ''} error={errors.description} />
        <CheckboxField name="required" label={`${t('admin.menu.builder.required')} — ${t('admin.menu.builder.requiredHint')}`} defaultChecked={values?.required === 'on'} />
        <CheckboxField name="multipleSelect" label={`${t('admin.menu.builder.multiSelect')} — ${t('admin.menu.builder.multiHint')}`} defaultChecked={values?.multipleSelect === 'on'} />
      </FormShell>
    </UrlDialog>
  )
}

export function OptionDialog({ open, closeTo, groupId, itemId }: { open: boolean; closeTo: string; groupId: string; itemId: string }) {
  const { t } = useI18n()
  const { errors, values, message } = useResult('option.create')
  return (
    <UrlDialog open={open} closeTo={closeTo} title={t('admin.menu.builder.addOption')}>
      <FormShell intent="option.create" message={message} submit={t('admin.menu.common.save')} cancelTo={closeTo}>
        <input type="hidden" name="modifierGroupId" value={groupId} />
        <input type="hidden" name="itemId" value={itemId} />
        {errors.modifierGroupId ? <p className="text-sm font-medium text-red-800">{t(errors.modifierGroupId[0] ?? '')}</p> : null}
        <Field label={t('admin.menu.builder.optionName')} name="name" defaultValue={values?.name ?? ''} error={errors.name} />
        <Field label={t('admin.menu.common.description')} name="description" defaultValue={values?.description ?? ''} error={errors.description} />
        <Field label={t('admin.menu.builder.extraPrice')} name="priceAdjustment" inputMode="decimal" placeholder="0.00" hint={t('admin.menu.builder.extraPriceHint')} defaultValue={values?.priceAdjustment ?? ''} error={errors.priceAdjustment} />
        <CheckboxField name="isDefault" label={t('admin.menu.builder.isDefault')} defaultChecked={values?.isDefault === 'on'} />
      </FormShell>
    </UrlDialog>
  )
}

/** The confirmation every delete asks for, saying what goes with it; `itemId` brings a modifier screen back to its item. */
export function DeleteDialog({ open, closeTo, intent, id, itemId, title, text }: { open: boolean; closeTo: string; intent: MenuIntent; id: string; itemId?: string; title: string; text: string }) {
  const { t } = useI18n()
  const pending = useNavigation().state === 'submitting'
  return (
    <UrlDialog open={open} closeTo={closeTo} title={title}>
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        {itemId ? <input type="hidden" name="itemId" value={itemId} /> : null}
        <p>{text}</p>
        <div className="flex justify-end gap-2">
          <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
            {t('admin.menu.common.cancel')}
          </Link>
          <button type="submit" className={buttonClass.danger} disabled={pending}>
            {t('admin.menu.common.delete')}
          </button>
        </div>
      </Form>
    </UrlDialog>
  )
}

/** Deleting a category or an item, as both builders ask it: the warning says what goes with it. */
export function DeleteRecordDialog({ kind, record, closeTo }: { kind: 'category' | 'item'; record: { id: string; name: string } | undefined; closeTo: string }) {
  const { t } = useI18n()
  if (!record) return null
  const keys = kind === 'category' ? { title: 'admin.menu.builder.deleteCategoryTitle', text: 'admin.menu.builder.deleteCategoryText' } : { title: 'admin.menu.builder.deleteItemTitle', text: 'admin.menu.builder.deleteItemText' }
  return <DeleteDialog open closeTo={closeTo} intent={kind === 'category' ? 'category.delete' : 'item.delete'} id={record.id} title={t(keys.title, { name: record.name })} text={t(keys.text)} />
}
