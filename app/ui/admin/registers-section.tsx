import { getFormProps, getInputProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { Register } from '~/domain/registers'
import { registerSchema, type SettingsIntent } from '~/domain/schemas/settings'
import { Panel } from '~/ui/admin/panel'
import { buttonClass } from '~/ui/button'
import { ErrorList, Field } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { useKeyAfterSuccess, useLastResult, useSchemaForm } from '~/ui/use-schema-form'

/** "Cajas": the registers the restaurant names, each with its own drawer; none named, it has one. */
export function RegistersSection({ registers }: { registers: Register[] }) {
  const { t } = useI18n()
  return (
    <Panel title={t('admin.settings.registers.title')}>
      <p className="mb-3 text-stone-600 dark:text-stone-400">{t('admin.settings.registers.lead')}</p>
      {registers.length === 0 ? (
        <p className="mb-3 font-semibold" data-testid="registers-none">
          {t('admin.settings.registers.none')}
        </p>
      ) : (
        <ul className="mb-4 grid gap-2" data-testid="registers">
          {registers.map((register) => (
            <li
              key={register.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-stone-200 p-3 dark:border-stone-700"
            >
              <span className="font-semibold">{register.name}</span>
              <Form method="post">
                <input type="hidden" name="intent" value={'retire-register' satisfies SettingsIntent} />
                <input type="hidden" name="register" value={register.id} />
                <button
                  type="submit"
                  className={buttonClass.secondary}
                  aria-label={t('admin.settings.registers.retireNamed', { name: register.name })}
                >
                  {t('admin.settings.registers.retire')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <AddRegisterForm key={useKeyAfterSuccess('register')} />
    </Panel>
  )
}

function AddRegisterForm() {
  const { t } = useI18n()
  const [form, fields] = useSchemaForm(registerSchema, { id: 'register', lastResult: useLastResult('register') })
  return (
    <Form method="post" className="grid gap-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={'register' satisfies SettingsIntent} />
      <Field
        label={t('admin.settings.registers.name')}
        hint={t('admin.settings.registers.nameHint')}
        errors={fields.name.errors}
        inputProps={getInputProps(fields.name, { type: 'text' })}
      />
      <button type="submit" className={`${buttonClass.primary} sm:justify-self-start`} data-testid="register-add">
        {t('admin.settings.registers.add')}
      </button>
      <ErrorList errors={form.errors} alert />
    </Form>
  )
}
