import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { setPinSchema } from '~/domain/schemas/pins'
import { requireStaff, requireStaffForm, type PageAccess } from '~/server/auth/guard.server'
import { getDb } from '~/server/db/client.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { hasOwnPin, setPin } from '~/server/team/devices.server'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { buttonClass } from '~/ui/button'
import { ErrorList, Field, StatusButton, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { staffTitle } from '~/ui/page-title'
import { useSchemaForm } from '~/ui/use-schema-form'

export const meta: MetaFunction = (args) => staffTitle(args, (t) => t('admin.team.pin.title'))

/** Each member sets their own PIN, for the restaurant they work in now. */
export const access: PageAccess = { view: 'restaurant.view', action: 'restaurant.view' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { restaurant, person } = await requireStaff(context, request, 'page', access.view)
  const hasPin = await hasOwnPin(getDb(context.cloudflare.env.DB), restaurant.id, person.id)
  return { restaurantName: restaurant.restaurantName ?? '', hasPin }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const { restaurant, person } = await requireStaffForm(context, request, access, form)
  const submission = parseWithZod(form, { schema: setPinSchema })
  // A PIN typed is never sent back into the page.
  if (submission.status !== 'success')
    return data(submission.reply({ hideFields: ['pin', 'confirm'] }), { status: 400 })
  await setPin(getDb(context.cloudflare.env.DB), restaurant.id, person.id, submission.value.pin)
  return redirectWithToast('/admin/pin', { title: 'admin.team.pin.saved' })
}

export default function MyPin() {
  const { restaurantName, hasPin } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { t } = useI18n()
  const pending = useIsPending()
  const [form, fields] = useSchemaForm(setPinSchema, { id: 'set-pin', lastResult })
  const pinInput = { inputMode: 'numeric' as const, autoComplete: 'off', maxLength: 6 }
  return (
    <div className="min-h-dvh">
      <AdminTopBar backTo="/admin/dashboard" backLabel={t('admin.cashOut.back')} />
      <main className="mx-auto max-w-md px-4 py-6">
        <section className="grid gap-4 rounded-3xl bg-white p-6 shadow-sm dark:bg-stone-900">
          <h1 className="text-2xl font-bold">{t('admin.team.pin.title')}</h1>
          <p className="text-stone-700 dark:text-stone-300">
            {t('admin.team.pin.lead', { restaurant: restaurantName })}
          </p>
          {hasPin ? <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.team.pin.has')}</p> : null}
          <Form method="post" className="grid gap-4" {...getFormProps(form)}>
            <ErrorList id={form.errorId} errors={form.errors} alert />
            <Field
              label={t('admin.team.pin.pin')}
              errors={fields.pin.errors}
              inputProps={{ ...getInputProps(fields.pin, { type: 'password' }), ...pinInput }}
            />
            <Field
              label={t('admin.team.pin.confirm')}
              errors={fields.confirm.errors}
              inputProps={{ ...getInputProps(fields.confirm, { type: 'password' }), ...pinInput }}
            />
            <StatusButton pending={pending} className={buttonClass.primary}>
              {t('admin.team.pin.save')}
            </StatusButton>
          </Form>
        </section>
      </main>
    </div>
  )
}
