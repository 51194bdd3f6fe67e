import { Form, useNavigation } from '@remix-run/react'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'

/** The demo table's panel: three sample diners' orders added through the same path as a cart's. */
export function DemoPanel() {
  const { t } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'demo'
  return (
    <section
      aria-labelledby="demo-heading"
      className="mt-6 rounded-2xl border border-dashed border-amber-400 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/60"
    >
      <h2 id="demo-heading" className="font-bold text-amber-950 dark:text-amber-100">
        {t('customer.demo.title')}
      </h2>
      <p className="mt-1 text-sm text-amber-950 dark:text-amber-100">{t('customer.demo.text')}</p>
      <Form method="post" className="mt-3">
        <button type="submit" name="intent" value="demo" className={`${buttonClass.secondary} w-full`} disabled={busy}>
          {busy ? t('customer.demo.adding') : t('customer.demo.add')}
        </button>
      </Form>
    </section>
  )
}
