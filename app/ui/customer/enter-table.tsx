import { Form, useNavigation } from '@remix-run/react'
import { buttonClass } from '~/ui/button'
import { CustomerShell } from '~/ui/customer/shell'
import { Field, StatusButton } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'

/** The box a table's code is typed in, with what was typed and why it led nowhere. */
export function EnterTable({ typed, error }: { typed: string; error: string | null }) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const looking = navigation.state !== 'idle' && navigation.location.pathname === '/customer'
  return (
    <CustomerShell>
      <Form method="get" className="mx-auto mt-10 grid max-w-sm gap-4">
        <h1 className="text-2xl font-bold">{t('customer.enter.title')}</h1>
        <p className="text-stone-600 dark:text-stone-400">{t('customer.enter.lead')}</p>
        <Field
          label={t('customer.enter.code')}
          hint={t('customer.enter.hint')}
          errors={error ? [error] : null}
          inputProps={{
            id: 'code',
            name: 'code',
            // What was typed stays, so a typo is fixed rather than typed again.
            defaultValue: typed,
            required: true,
            maxLength: 64,
            autoComplete: 'off',
            autoCapitalize: 'characters',
            autoCorrect: 'off',
            spellCheck: false,
          }}
        />
        <StatusButton pending={looking} className={buttonClass.primary} data-testid="enter-code">
          {t('customer.enter.submit')}
        </StatusButton>
      </Form>
    </CustomerShell>
  )
}
