import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { unlockSchema } from '~/domain/schemas/pins'
import { requireDevice } from '~/server/auth/guard.server'
import { endSession } from '~/server/auth/session.server'
import { getDb } from '~/server/db/client.server'
import { getT } from '~/server/http/i18n.server'
import { minutesOf, tooManyForm } from '~/server/http/rate-limit.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { lockDevice, pinMembers, restaurantNameOf, unlockDevice } from '~/server/team/devices.server'
import { AuthCard } from '~/ui/admin/auth-card'
import { buttonClass } from '~/ui/button'
import { ErrorList, Field, SelectField, StatusButton, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { staffTitle } from '~/ui/page-title'
import { useSchemaForm } from '~/ui/use-schema-form'

export const meta: MetaFunction = (args) => staffTitle(args, (t) => t('admin.team.devices.lockTitle'))

/**
 * The shared device's lock screen: who is at the device picks their name
 * and types their PIN; whoever has it unlocked can lock it again, and
 * anyone at it can sign the device out (a manager signs it in again).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const device = await requireDevice(context, request)
  const db = getDb(context.cloudflare.env.DB)
  const [members, restaurantName] = await Promise.all([
    pinMembers(db, device.restaurantId),
    restaurantNameOf(db, device.restaurantId),
  ])
  return {
    restaurantName,
    acting: device.acting ? (device.acting.name ?? device.acting.email) : null,
    members: members.map((member) => ({ id: member.userId, name: member.name ?? member.email })),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const device = await requireDevice(context, request)
  const env = context.cloudflare.env
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'lock') {
    await lockDevice(getDb(env.DB), device.session)
    return redirectWithToast('/admin/device', { title: 'admin.team.devices.locked' })
  }
  if (intent === 'sign-out')
    return redirect('/admin/login', { headers: { 'Set-Cookie': await endSession(env, request) } })
  const submission = parseWithZod(form, { schema: unlockSchema })
  if (submission.status !== 'success') return data(submission.reply({ hideFields: ['pin'] }), { status: 400 })
  const unlocked = await unlockDevice(env, device, submission.value.member, submission.value.pin)
  if (unlocked.ok) return redirect('/admin')
  if (unlocked.code === 'LOCKED') {
    const words = (await getT(request))('admin.team.devices.tooMany', { minutes: minutesOf(unlocked.limit) })
    return tooManyForm(submission, request, unlocked.limit, { words, hideFields: ['pin'] })
  }
  return data(submission.reply({ formErrors: ['admin.team.devices.wrongPin'], hideFields: ['pin'] }), { status: 401 })
}

export default function DeviceLock() {
  const { restaurantName, acting, members } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { t } = useI18n()
  const pending = useIsPending({ intent: 'unlock' })
  const [form, fields] = useSchemaForm(unlockSchema, { id: 'unlock', lastResult })
  return (
    <AuthCard title={restaurantName}>
      {acting ? (
        <Form method="post" className="mb-6 grid gap-3" data-testid="device-acting">
          <p className="font-semibold">{t('admin.team.devices.acting', { name: acting })}</p>
          <button type="submit" name="intent" value="lock" className={buttonClass.secondary}>
            {t('admin.team.devices.lock')}
          </button>
        </Form>
      ) : null}
      <h2 className="text-2xl font-bold">{t('admin.team.devices.lockTitle')}</h2>
      <p className="mb-4 text-stone-600 dark:text-stone-400">{t('admin.team.devices.lockLead')}</p>
      {members.length === 0 ? (
        <p role="status">{t('admin.team.devices.noMembers')}</p>
      ) : (
        <Form method="post" className="grid gap-4" {...getFormProps(form)} data-testid="unlock-form">
          <input type="hidden" name="intent" value="unlock" />
          <ErrorList id={form.errorId} errors={form.errors} alert />
          <SelectField
            label={t('admin.team.devices.member')}
            errors={fields.member.errors}
            selectProps={getSelectProps(fields.member)}
            options={[
              { value: '', label: t('admin.team.devices.choose') },
              ...members.map((member) => ({ value: member.id, label: member.name })),
            ]}
          />
          <Field
            label={t('admin.team.devices.pin')}
            errors={fields.pin.errors}
            inputProps={{
              ...getInputProps(fields.pin, { type: 'password' }),
              inputMode: 'numeric',
              autoComplete: 'off',
              maxLength: 6,
            }}
          />
          <StatusButton pending={pending} className={buttonClass.primary}>
            {t('admin.team.devices.unlock')}
          </StatusButton>
        </Form>
      )}
      <Form method="post" className="mt-6">
        <button type="submit" name="intent" value="sign-out" className={`${buttonClass.secondary} w-full`}>
          {t('admin.team.devices.signOut')}
        </button>
      </Form>
    </AuthCard>
  )
}
