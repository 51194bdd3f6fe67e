import { RESTAURANT_CUISINES, RESTAURANT_TYPES } from '~/domain/schemas/auth'
import type { TFunction } from '~/locales/translate'
import { SelectField } from '../field'
import { useI18n } from '../i18n'

/** 'Mesa 4 - Patio', or 'Mesa 4' for a table without a name (SPEC §2.12). */
export function tableLabel(t: TFunction, table: { tableNumber: string; tableName: string | null }): string {
  return table.tableName ? t('admin.tables.cardNamed', { number: table.tableNumber, name: table.tableName }) : t('admin.tables.card', { number: table.tableNumber })
}

type Errors = Record<string, string[] | null>

/** The restaurant type and cuisine choosers of sign-up and onboarding. */
export function RestaurantKindFields({ values = {}, errors = {} }: { values?: Record<string, string>; errors?: Errors }) {
  const { t } = useI18n()
  return (
    <>
      <SelectField
        label={t('admin.signup.restaurantType')}
        name="restaurantType"
        defaultValue={values.restaurantType ?? ''}
        error={errors.restaurantType}
        options={[{ value: '', label: t('admin.signup.choose') }, ...RESTAURANT_TYPES.map((type) => ({ value: type, label: t(`admin.signup.types.${type}`) }))]}
      />
      <SelectField
        label={t('admin.signup.restaurantCuisine')}
        name="restaurantCuisine"
        defaultValue={values.restaurantCuisine ?? ''}
        error={errors.restaurantCuisine}
        options={[{ value: '', label: t('admin.signup.choose') }, ...RESTAURANT_CUISINES.map((cuisine) => ({ value: cuisine, label: t(`admin.signup.cuisines.${cuisine}`) }))]}
      />
    </>
  )
}
