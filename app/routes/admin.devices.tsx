import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Form, useLoaderData } from '@remix-run/react'
import { DEVICE_IDLE_MS } from '~/domain/schemas/pins'
import { requireStaff, requireStaffForm, type PageAccess } from '~/server/auth/guard.server'
import { getDb } from '~/server/db/client.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { makeDevice } from '~/server/team/devices.server'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'
import { staffTitle } from '~/ui/page-title'

export const meta: MetaFunction = (args) => staffTitle(args, (t) => t('admin.team.devices.title'))

/** A manager (or the owner) makes the device in their hand the restaurant's shared one. */
export const access: PageAccess = { view: 'devices.manage', action: 'devices.manage' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { restaurant } = await requireStaff(context, request, 'page', access.view)
  return { restaurantName: restaurant.restaurantName ?? '' }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { session } = await requireStaffForm(context, request, access, await request.formData())
  await makeDevice(getDb(context.cloudflare.env.DB), session)
  return redirectWithToast('/admin/device', { title: 'admin.team.devices.started' })
}

export default function SharedDevice() {
  const { restaurantName } = useLoaderData<typeof loader>()
  const { t } = useI18n()
  return (
    <div className="min-h-dvh">
      <AdminTopBar backTo="/admin/dashboard" backLabel={t('admin.cashOut.back')} />
      <main className="mx-auto max-w-md px-4 py-6">
        <section className="grid gap-4 rounded-3xl bg-white p-6 shadow-sm dark:bg-stone-900">
          <h1 className="text-2xl font-bold">{t('admin.team.devices.title')}</h1>
          <p className="text-stone-700 dark:text-stone-300">
            {t('admin.team.devices.lead', { restaurant: restaurantName, minutes: DEVICE_IDLE_MS / 60_000 })}
          </p>
          <Form method="post">
            <button type="submit" className={`${buttonClass.primary} w-full`} data-testid="make-device">
              {t('admin.team.devices.start')}
            </button>
          </Form>
        </section>
      </main>
    </div>
  )
}
