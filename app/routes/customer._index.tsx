import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, useLoaderData } from '@remix-run/react'
import { isIdLike } from '~/domain/schemas/fields'
import { buttonClass } from '~/ui/button'
import { customerPath } from '~/domain/customer-paths'
import { CustomerShell } from '~/ui/customer/shell'
import { useI18n } from '~/ui/i18n'

export const meta: MetaFunction = () => [{ title: 'Mesa' }]

/** A bare /customer asks for the table's code; a submitted code leads to its bill. */
export function loader({ request }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get('code')?.trim()
  if (code && isIdLike(code)) throw redirect(customerPath.bill(code))
  return { invalid: code !== undefined && code !== '' }
}

export default function EnterTable() {
  const { invalid } = useLoaderData<typeof loader>()
  const { t } = useI18n()
  return (
    <CustomerShell>
      <Form method="get" className="mx-auto mt-10 grid max-w-sm gap-4">
        <h1 className="text-2xl font-bold">{t('customer.enter.title')}</h1>
        <p className="text-stone-600">{t('customer.enter.lead')}</p>
        <label className="grid gap-1 font-semibold" htmlFor="code">
          {t('customer.enter.code')}
        </label>
        <input
          id="code"
          name="code"
          required
          autoComplete="off"
          autoCapitalize="off"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'code-error' : undefined}
          className="min-h-12 rounded-xl border border-stone-300 bg-white px-4 text-lg"
        />
        {invalid ? (
          <p id="code-error" className="text-sm font-medium text-red-700">
            {t('customer.enter.invalid')}
          </p>
        ) : null}
        <button type="submit" className={buttonClass.primary}>
          {t('customer.enter.submit')}
        </button>
      </Form>
    </CustomerShell>
  )
}
