import { getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react'
import { RESTAURANT_CUISINES, RESTAURANT_TYPES } from '~/domain/schemas/auth'
import type { TFunction } from '~/locales/translate'
import { Field, SelectField } from '../forms'
import { useI18n } from '../i18n'

/** 'Mesa 4 - Patio', or 'Mesa 4' for a table without a name. */
export function tableLabel(t: TFunction, table: { tableNumber: string; tableName: string | null }): string {
  return table.tableName
    ? t('admin.tables.cardNamed', { number: table.tableNumber, name: table.tableName })
    : t('admin.tables.card', { number: table.tableNumber })
}

/** The restaurant type and cuisine choosers of sign-up, onboarding and the settings. */
export function RestaurantKindFields({
  type,
  cuisine,
}: {
  type: FieldMetadata<string>
  cuisine: FieldMetadata<string>
}) {
  const { t } = useI18n()
  return (
    <>
      <SelectField
        label={t('admin.signup.restaurantType')}
        errors={type.errors}
        selectProps={getSelectProps(type)}
        options={[
          { value: '', label: t('admin.signup.choose') },
          ...RESTAURANT_TYPES.map((value) => ({ value, label: t(`admin.signup.types.${value}`) })),
        ]}
      />
      <SelectField
        label={t('admin.signup.restaurantCuisine')}
        errors={cuisine.errors}
        selectProps={getSelectProps(cuisine)}
        options={[
          { value: '', label: t('admin.signup.choose') },
          ...RESTAURANT_CUISINES.map((value) => ({ value, label: t(`admin.signup.cuisines.${value}`) })),
        ]}
      />
    </>
  )
}

type ProfileField =
  | 'restaurantName'
  | 'restaurantType'
  | 'restaurantCuisine'
  | 'restaurantAddress'
  | 'restaurantPhone'
  | 'restaurantEmail'

/** The restaurant's profile fields of onboarding, a new restaurant and the settings. */
export function RestaurantProfileFields({ fields }: { fields: Record<ProfileField, FieldMetadata<string>> }) {
  const { t } = useI18n()
  const text = (
    name: Exclude<ProfileField, 'restaurantType' | 'restaurantCuisine'>,
    type: 'text' | 'tel' | 'email',
  ) => (
    <Field
      label={t(`admin.signup.${name}`)}
      errors={fields[name].errors}
      inputProps={getInputProps(fields[name], { type })}
    />
  )
  return (
    <>
      {text('restaurantName', 'text')}
      <RestaurantKindFields type={fields.restaurantType} cuisine={fields.restaurantCuisine} />
      {text('restaurantAddress', 'text')}
      {text('restaurantPhone', 'tel')}
      {text('restaurantEmail', 'email')}
    </>
  )
}
