import { getFormProps, getInputProps, type FieldMetadata } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { decimalPesos } from '~/domain/money'
import {
  modifierGroupSchema,
  modifierGroupUpdateSchema,
  modifierOptionSchema,
  modifierOptionUpdateSchema,
} from '~/domain/schemas/menus'
import type { RestaurantModifierGroup } from '~/server/menus/modifier-groups.server'
import { buttonClass } from '../button'
import { CheckboxField, ErrorList, Field, StatusButton, useIsPending } from '../forms'
import { useI18n } from '../i18n'
import { useKeyAfterSuccess, useLastResult, useSchemaForm } from '../use-schema-form'
import { FormShell, useMenuFormResult } from './menu-form-shell'
import { DragHandle, MoveButtons, useDragOrder } from './move-buttons'
import { UrlDialog } from './dialog'

/*
 * The restaurant's modifier groups in the menu editor: each written once, its
 * options edited where they are listed, the dishes that offer it named. Which
 * groups a dish offers is chosen on the dish's own form.
 */

/** Every group, in the order each dish shows them; `linkTo` opens a dialog on the page. */
export function ModifierGroupsPanel({
  groups,
  dishNames,
  linkTo,
}: {
  groups: RestaurantModifierGroup[]
  dishNames: ReadonlyMap<string, string>
  linkTo: (open: Record<string, string>) => string
}) {
  const { t } = useI18n()
  const drag = useDragOrder('group.move')
  return (
    <section aria-labelledby="modifiers-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="max-w-prose">
          <h2 id="modifiers-title" className="text-xl font-bold">
            {t('admin.menu.modifiers.title')}
          </h2>
          <p className="text-stone-600 dark:text-stone-400">{t('admin.menu.modifiers.lead')}</p>
        </div>
        <Link
          to={linkTo({ dialog: 'group' })}
          preventScrollReset
          className={buttonClass.primary}
          data-testid="add-group"
        >
          {t('admin.menu.modifiers.add')}
        </Link>
      </div>
      {groups.length === 0 ? (
        <p className="rounded-2xl bg-white p-5 text-stone-600 shadow-sm dark:bg-stone-900 dark:text-stone-400">
          {t('admin.menu.modifiers.none')}
        </p>
      ) : null}
      <ul className="grid gap-4" data-testid="modifier-groups">
        {groups.map((group, index) => (
          <li
            key={group.id}
            id={`group-${group.id}`}
            {...drag.row(index)}
            className="grid scroll-mt-20 content-start gap-3 rounded-2xl bg-white p-4 shadow-sm data-[drop-target]:ring-2 data-[drop-target]:ring-emerald-600 dark:bg-stone-900"
            data-testid="modifier-group"
          >
            <div className="flex flex-wrap items-start gap-2">
              <DragHandle {...drag.handle(group.id)} />
              <div className="min-w-0 flex-1 basis-48">
                <h3 className="font-bold">
                  {group.name}
                  {group.nameEn ? (
                    <span className="font-normal text-stone-600 dark:text-stone-400" lang="en">
                      {' '}
                      · {group.nameEn}
                    </span>
                  ) : null}
                </h3>
                <p className="flex flex-wrap gap-1 text-sm">
                  <Badge>
                    {group.required ? t('admin.menu.builder.required') : t('admin.menu.modifiers.optional')}
                  </Badge>
                  <Badge>
                    {group.multipleSelect ? t('admin.menu.builder.multiSelect') : t('admin.menu.modifiers.single')}
                  </Badge>
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-1">
                <MoveButtons
                  intent="group.move"
                  id={group.id}
                  name={group.name}
                  first={index === 0}
                  last={index === groups.length - 1}
                />
                <Link
                  to={linkTo({ edit: `group:${group.id}` })}
                  preventScrollReset
                  className={buttonClass.secondary}
                  aria-label={`${t('admin.menu.common.edit')} ${group.name}`}
                >
                  {t('admin.menu.common.edit')}
                </Link>
                <Link
                  to={linkTo({ delete: `group:${group.id}` })}
                  preventScrollReset
                  className={`${buttonClass.secondary} text-red-800 dark:text-red-300`}
                  aria-label={`${t('admin.menu.common.delete')} ${group.name}`}
                >
                  {t('admin.menu.common.delete')}
                </Link>
              </div>
            </div>
            <p className="text-sm text-stone-700 dark:text-stone-300" data-testid="group-dishes">
              {group.menuItemIds.length > 0
                ? t('admin.menu.modifiers.offeredOn', {
                    dishes: group.menuItemIds
                      .map((id) => dishNames.get(id) ?? '')
                      .filter(Boolean)
                      .join(', '),
                  })
                : t('admin.menu.modifiers.offeredOnNone')}
            </p>
            <OptionList group={group} linkTo={linkTo} />
            <NewOptionForm groupId={group.id} groupName={group.name} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function OptionList({
  group,
  linkTo,
}: {
  group: RestaurantModifierGroup
  linkTo: (open: Record<string, string>) => string
}) {
  const { t } = useI18n()
  const drag = useDragOrder('option.move', { groupId: group.id })
  if (group.options.length === 0)
    return <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.menu.builder.noOptions')}</p>
  return (
    <ul className="grid gap-2" aria-label={t('admin.menu.modifiers.optionsOf', { name: group.name })}>
      {group.options.map((option, index) => (
        <li
          key={option.id}
          {...drag.row(index)}
          className="flex flex-wrap items-start gap-2 rounded-xl border border-stone-200 p-3 data-[drop-target]:ring-2 data-[drop-target]:ring-emerald-600 dark:border-stone-700"
          data-testid="option-row"
        >
          <DragHandle {...drag.handle(option.id)} />
          <OptionForm option={option} />
          <div className="flex w-full items-center justify-end gap-1 sm:w-auto sm:self-end">
            <MoveButtons
              intent="option.move"
              id={option.id}
              name={option.name}
              first={index === 0}
              last={index === group.options.length - 1}
              fields={{ groupId: group.id }}
            />
            <Link
              to={linkTo({ delete: `option:${option.id}` })}
              preventScrollReset
              aria-label={`${t('admin.menu.common.delete')} ${option.name}`}
              className={`${buttonClass.icon} text-red-800 dark:text-red-300`}
            >
              <span aria-hidden="true">✕</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  )
}

/** An option's fields, saved where they are shown: its id stays, so every dish offering the group gets the change. */
function OptionForm({ option }: { option: RestaurantModifierGroup['options'][number] }) {
  const { t } = useI18n()
  const [form, fields] = useSchemaForm(modifierOptionUpdateSchema, {
    id: `option-${option.id}`,
    lastResult: useMenuFormResult('option.update', option.id),
    defaultValue: {
      name: option.name,
      nameEn: option.nameEn ?? '',
      description: option.description ?? '',
      priceAdjustment: option.priceAdjustmentCents ? decimalPesos(option.priceAdjustmentCents) : '',
      isDefault: option.isDefault ? 'on' : undefined,
      soldOut: option.soldOut ? 'on' : undefined,
    },
    coerce: false,
  })
  const pending = useIsPending({ intent: 'option.update' })
  return (
    <Form method="post" preventScrollReset className="grid min-w-0 flex-1 gap-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="option.update" />
      <input type="hidden" name="id" value={option.id} />
      <input type="hidden" name="groupId" value={option.modifierGroupId} />
      <input type="hidden" name="description" value={option.description ?? ''} />
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_8rem]">
        <OptionFields fields={fields} nameLabel={t('admin.menu.builder.optionName')} />
      </div>
      <div className="flex flex-wrap items-center gap-x-4">
        <CheckboxField
          label={t('admin.menu.modifiers.isDefault')}
          errors={fields.isDefault.errors}
          inputProps={getInputProps(fields.isDefault, { type: 'checkbox' })}
        />
        <CheckboxField
          label={t('admin.menu.modifiers.soldOut')}
          errors={fields.soldOut.errors}
          inputProps={getInputProps(fields.soldOut, { type: 'checkbox' })}
        />
        <StatusButton
          pending={pending}
          className={`${buttonClass.secondary} ml-auto`}
          aria-label={`${t('admin.menu.common.save')} ${option.name}`}
        >
          {t('admin.menu.common.save')}
        </StatusButton>
      </div>
    </Form>
  )
}

/** Adds an option at the end of a group, and comes back empty for the next. */
function NewOptionForm({ groupId, groupName }: { groupId: string; groupName: string }) {
  const { t } = useI18n()
  const key = useKeyAfterSuccess('option.create')
  const [form, fields] = useSchemaForm(modifierOptionSchema, {
    id: `option-new-${groupId}-${key}`,
    lastResult: useLastResult('option.create', { field: 'modifierGroupId', id: groupId }),
    coerce: false,
  })
  const pending = useIsPending({ intent: 'option.create' })
  return (
    <Form
      method="post"
      preventScrollReset
      className="grid gap-2 rounded-xl bg-stone-50 p-3 dark:bg-stone-950/40"
      {...getFormProps(form)}
      aria-label={t('admin.menu.modifiers.addOptionTo', { name: groupName })}
    >
      <input type="hidden" name="intent" value="option.create" />
      <input type="hidden" name="modifierGroupId" value={groupId} />
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_8rem_auto] sm:items-end">
        <OptionFields fields={fields} nameLabel={t('admin.menu.modifiers.newOption')} />
        <StatusButton pending={pending} className={buttonClass.primary}>
          {t('admin.menu.builder.addOption')}
        </StatusButton>
      </div>
    </Form>
  )
}

/** An option's words and extra price, as both its forms ask them. */
function OptionFields({
  fields,
  nameLabel,
}: {
  fields: {
    name: FieldMetadata<string>
    nameEn: FieldMetadata<string | null | undefined>
    priceAdjustment: FieldMetadata<string | number | undefined>
  }
  nameLabel: string
}) {
  const { t } = useI18n()
  return (
    <>
      <Field label={nameLabel} errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: 'text' })} />
      <Field
        label={t('admin.menu.modifiers.nameEn')}
        errors={fields.nameEn.errors}
        inputProps={{ ...getInputProps(fields.nameEn, { type: 'text' }), lang: 'en' }}
      />
      <Field
        label={t('admin.menu.builder.extraPrice')}
        errors={fields.priceAdjustment.errors}
        inputProps={{
          ...getInputProps(fields.priceAdjustment, { type: 'text' }),
          inputMode: 'decimal',
          placeholder: '0.00',
        }}
      />
    </>
  )
}

/** Making a group, or changing its words and rules. */
export function GroupDialog({
  open,
  closeTo,
  group,
}: {
  open: boolean
  closeTo: string
  group?: Pick<RestaurantModifierGroup, 'id' | 'name' | 'nameEn' | 'description' | 'required' | 'multipleSelect'>
}) {
  const { t } = useI18n()
  const intent = group ? 'group.update' : 'group.create'
  const [form, fields] = useSchemaForm(group ? modifierGroupUpdateSchema : modifierGroupSchema, {
    id: `group-${group?.id ?? 'new'}`,
    lastResult: useMenuFormResult(intent, group?.id),
    defaultValue: {
      name: group?.name ?? '',
      nameEn: group?.nameEn ?? '',
      description: group?.description ?? '',
      required: group?.required ? 'on' : undefined,
      multipleSelect: group?.multipleSelect ? 'on' : undefined,
    },
    coerce: false,
  })
  return (
    <UrlDialog
      open={open}
      closeTo={closeTo}
      title={group ? t('admin.menu.modifiers.edit') : t('admin.menu.builder.addGroup')}
    >
      <FormShell
        form={{ errorId: form.errorId, errors: form.errors, formProps: getFormProps(form) }}
        intent={intent}
        id={group?.id}
        submit={t('admin.menu.common.save')}
        cancelTo={closeTo}
      >
        <Field
          label={t('admin.menu.builder.groupName')}
          errors={fields.name.errors}
          inputProps={{
            ...getInputProps(fields.name, { type: 'text' }),
            placeholder: t('admin.menu.builder.groupPlaceholder'),
          }}
        />
        <Field
          label={t('admin.menu.modifiers.nameEn')}
          errors={fields.nameEn.errors}
          inputProps={{ ...getInputProps(fields.nameEn, { type: 'text' }), lang: 'en' }}
        />
        <Field
          label={t('admin.menu.common.description')}
          errors={fields.description.errors}
          inputProps={getInputProps(fields.description, { type: 'text' })}
        />
        <CheckboxField
          label={`${t('admin.menu.builder.required')} — ${t('admin.menu.builder.requiredHint')}`}
          errors={fields.required.errors}
          inputProps={getInputProps(fields.required, { type: 'checkbox' })}
        />
        <CheckboxField
          label={`${t('admin.menu.builder.multiSelect')} — ${t('admin.menu.builder.multiHint')}`}
          errors={fields.multipleSelect.errors}
          inputProps={getInputProps(fields.multipleSelect, { type: 'checkbox' })}
        />
      </FormShell>
    </UrlDialog>
  )
}

function Badge({ children }: { children: ReactNode }) {
  return (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-200">
      {children}
    </span>
  )
}
