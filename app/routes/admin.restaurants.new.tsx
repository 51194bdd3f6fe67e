import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { setupRestaurantSchema } from '~/domain/schemas/auth'
import { requireAccount, type PageAccess } from '~/server/auth/guard.server'
import { getDb } from '~/server/db/client.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { openRestaurant } from '~/server/team/places.server'
import { RestaurantProfileFields } from '~/ui/admin/restaurant'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { buttonClass } from '~/ui/button'
import { ErrorList, StatusButton, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { staffTitle } from '~/ui/page-title'
import { useSchemaForm } from '~/ui/use-schema-form'

export const meta: MetaFunction = (args) => staffTitle(args, (t) => t('admin.team.create.title'))

/** An owner opens another restaurant; a person who belongs to none opens their first. */
export const access: PageAccess = { view: 'restaurants.create', action: 'restaurants.create' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const found = await requireAccount(context, request, access.view)
  return { first: !found.membership }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const found = await requireAccount(context, request, access.action!)
  const submission = parseWithZod(await request.formData(), { schema: setupRestaurantSchema })
  if (submission.status !== 'success')
    return data(submission.reply({ formErrors: ['admin.setup.failedText'] }), { status: 400 })
  await openRestaurant(getDb(context.cloudflare.env.DB), found.session, found.person.id, submission.value)
  return redirectWithToast('/admin/dashboard', {
    title: 'admin.team.create.created',
    description: submission.value.restaurantName,
  })
}

export default function NewRestaurant() {
  const { first } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { t } = useI18n()
  const pending = useIsPending()
  const [form, fields] = useSchemaForm(setupRestaurantSchema, { id: 'new-restaurant', lastResult })
  return (
    <div className="min-h-dvh">
      <AdminTopBar backTo="/admin/dashboard" backLabel={t('admin.cashOut.back')} />
      <main className="mx-auto max-w-lg px-4 py-6">
        <section className="rounded-3xl bg-white p-6 shadow-sm dark:bg-stone-900">
          <h1 className="text-2xl font-bold">{t('admin.team.create.title')}</h1>
          <p className="mt-1 mb-5 text-stone-600 dark:text-stone-400">
            {first ? t('admin.team.create.none') : t('admin.team.create.lead')}
          </p>
          <Form method="post" className="grid gap-4" {...getFormProps(form)}>
            <ErrorList id={form.errorId} errors={form.errors} alert />
            <RestaurantProfileFields fields={fields} />
            <StatusButton pending={pending} className={buttonClass.primary}>
              {t('admin.team.create.submit')}
            </StatusButton>
          </Form>
        </section>
      </main>
    </div>
  )
}
