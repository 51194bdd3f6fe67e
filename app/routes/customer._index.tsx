import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, useLoaderData, useNavigation } from '@remix-run/react'
import { customerPath } from '~/domain/customer-paths'
import { readTableCodeInput } from '~/domain/table-code'
import { retryAfter, tooManyText } from '~/server/http/rate-limit.server'
import { lookupTableCode } from '~/server/tables/table-codes.server'
import { pageTitle } from '~/ui/page-title'
import { buttonClass } from '~/ui/button'
import { CustomerShell } from '~/ui/customer/shell'
import { Field, StatusButton } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'

export const meta: MetaFunction = (args) => pageTitle(args, (t) => ({ page: t('customer.enter.title') }))

/**
 * A bare /customer asks for the table's code. The short code printed under
 * the QR (any case, with or without its dash) leads to the table's current
 * bill, and so does the long id of an older card; a code that names no table
 * comes back with the error, and after too many of those from one address,
 * with how long to wait (429); an archived table's code, with the words that
 * it is no longer available (410).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const typed = new URL(request.url).searchParams.get('code') ?? ''
  if (typed.trim() === '') return { typed, error: null }
  const input = readTableCodeInput(typed)
  if (input.kind === 'session') throw redirect(customerPath.bill(input.sessionId))
  if (input.kind === 'invalid') return data({ typed, error: 'customer.enter.invalid' }, { status: 400 })
  const found = await lookupTableCode(context.cloudflare.env, input.code, context.clientAddress)
  if (found.found) throw redirect(customerPath.bill(found.sessionId))
  // The code is right, so the diner is told the table is gone rather than to check what they typed.
  if (found.archived) return data({ typed, error: 'customer.enter.gone' }, { status: 410 })
  if (found.limit)
    return data(
      { typed, error: await tooManyText(request, found.limit) },
      { status: 429, headers: retryAfter(found.limit) },
    )
  return data({ typed, error: 'customer.enter.invalid' }, { status: 404 })
}

export default function EnterTable() {
  const { typed, error } = useLoaderData<typeof loader>()
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
