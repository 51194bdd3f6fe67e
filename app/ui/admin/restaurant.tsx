import { getSelectProps, type FieldMetadata } from '@conform-to/react'
import { RESTAURANT_CUISINES, RESTAURANT_TYPES } from '~/domain/schemas/auth'
import type { TFunction } from '~/locales/translate'
import { SelectField } from '../forms'
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
