import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useActionData } from '@remix-run/react'
import { z } from '~/domain/schemas/zod'
import { registerSchema, signupSteps } from '~/domain/schemas/auth'
import { registerOwner } from '~/server/auth/accounts.server'
import { startSession } from '~/server/auth/session.server'
import { getDb } from '~/server/db/client.server'
import { spend, tooManyForm } from '~/server/http/rate-limit.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { AuthCard } from '~/ui/admin/auth-card'
import { RestaurantKindFields } from '~/ui/admin/restaurant'
import { buttonClass } from '~/ui/button'
import { CheckboxField, ErrorList, Field, StatusButton, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { pageTitle } from '~/ui/page-title'
import { useSchemaForm } from '~/ui/use-schema-form'

export const meta: MetaFunction = (args) => pageTitle(args, (t) => ({ page: t('admin.signup.title') }))

const STEP_FIELDS = [
  ['restaurantName', 'restaurantType', 'restaurantCuisine', 'restaurantAddress', 'restaurantPhone', 'restaurantEmail'],
  ['ownerName', 'ownerEmail', 'password'],
  ['acceptTerms'],
] as const
const ALL_FIELDS = STEP_FIELDS.flat()
const LAST_STEP = STEP_FIELDS.length - 1

/** The look of the links to the terms and the privacy notice. */
const LINK = 'font-semibold text-emerald-800 underline dark:text-emerald-400'

const stepOf = (value: unknown) => Math.min(LAST_STEP, Math.max(0, Number(value) || 0))

/**
 * The step an answer leads to, read from the answer itself (it echoes the
 * posted step and button): one back after Anterior, one on after a checked
 * Siguiente, else the first step with a problem (a no-JS user may have
 * skipped one) or the one posted.
 */
function shownStep(result: SubmissionResult<string[]> | null | undefined): number {
  if (!result) return 0
  const posted = stepOf(result.initialValue?.step)
  const intent = result.initialValue?.intent
  if (intent === 'back') return Math.max(0, posted - 1)
  if (result.status === 'success') return intent === 'next' ? Math.min(LAST_STEP, posted + 1) : posted
  const first = STEP_FIELDS.findIndex((fields) => fields.some((name) => result.error?.[name]?.length))
  return first === -1 ? posted : first
}

/**
 * The three-step wizard runs on the server: each Siguiente posts every field
 * and the server checks the step with its part of the one registration
 * schema, so it works the same with or without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const step = stepOf(form.get('step'))
  const intent = form.get('intent')
  // Going back checks nothing; what was typed comes back all the same.
  if (intent === 'back') return parseWithZod(form, { schema: z.object({}) }).reply()
  if (intent === 'next') {
    const submission = parseWithZod(form, { schema: signupSteps[step] ?? registerSchema })
    return data(submission.reply(), { status: submission.status === 'success' ? 200 : 400 })
  }
  const submission = parseWithZod(form, { schema: registerSchema })
  if (submission.status !== 'success')
    return data(submission.reply({ formErrors: ['admin.errors.formError'] }), { status: 400 })
  const spent = await spend(context.cloudflare.env, { registrationsPerAddress: context.clientAddress })
  if (!spent.ok) return tooManyForm(submission, request, spent.limit)
  const db = getDb(context.cloudflare.env.DB)
  const result = await registerOwner(db, submission.value)
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { ownerEmail: ['admin.errors.emailTaken'] } }), { status: 409 })
  // Signed in at once: the dashboard they land on opens with the setup checklist.
  const cookie = await startSession(db, request, result.userId, result.restaurantId)
  return redirectWithToast(
    '/admin/dashboard',
    { title: 'admin.signup.successTitle', description: 'admin.signup.successText' },
    { headers: { 'Set-Cookie': cookie } },
  )
}

export default function Signup() {
  const lastResult = useActionData<typeof action>()
  const { t } = useI18n()
  const step = shownStep(lastResult)
  const stepNames = ['restaurant', 'owner', 'review'] as const

  return (
    <AuthCard title={t('admin.signup.title')}>
      <ol className="mb-5 grid grid-cols-3 gap-2" aria-label={t('admin.signup.step', { step: step + 1 })}>
        {stepNames.map((name, index) => (
          <li key={name} aria-current={index === step ? 'step' : undefined} className="grid gap-1 text-center text-sm">
            <span
              className={`h-1.5 rounded-full ${index <= step ? 'bg-emerald-700' : 'bg-stone-200 dark:bg-stone-700'}`}
            />
            <span className={index === step ? 'font-bold' : 'text-stone-600 dark:text-stone-400'}>
              {t(`admin.signup.steps.${name}`)}
            </span>
          </li>
        ))}
      </ol>
      <p className="mb-4 text-sm text-stone-600 dark:text-stone-400" data-testid="signup-step">
        {t('admin.signup.step', { step: step + 1 })}
      </p>
      {/* Each step is its own form, checked in the browser with that step's part of the schema. */}
      <WizardStep key={step} step={step} lastResult={lastResult} />
      <p className="mt-5 text-center">
        <Link to="/admin/login" className="font-semibold text-emerald-800 underline dark:text-emerald-400">
          {t('admin.signup.haveAccount')}
        </Link>
      </p>
    </AuthCard>
  )
}

function WizardStep({ step, lastResult }: { step: number; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useI18n()
  const pending = useIsPending()
  const [form, stepFields] = useSchemaForm(signupSteps[step] ?? registerSchema, { id: `signup-${step}`, lastResult })
  // Every step's answer carries the whole wizard's values; the other steps' travel hidden.
  const fields = stepFields as unknown as Record<(typeof ALL_FIELDS)[number], FieldMetadata<string>>
  const typed = (name: (typeof ALL_FIELDS)[number]) => fields[name].initialValue ?? ''
  const visible: readonly string[] = STEP_FIELDS[step] ?? []
  const text = (
    name:
      | 'restaurantName'
      | 'restaurantAddress'
      | 'restaurantPhone'
      | 'restaurantEmail'
      | 'ownerName'
      | 'ownerEmail'
      | 'password',
    type: 'text' | 'tel' | 'email' | 'password',
    autoComplete: string,
    hint?: string,
  ) => (
    <Field
      label={t(`admin.signup.${name}`)}
      hint={hint}
      errors={fields[name].errors}
      inputProps={{ ...getInputProps(fields[name], { type }), autoComplete }}
    />
  )

  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="step" value={step} />
      {ALL_FIELDS.filter((name) => !visible.includes(name) && name !== 'acceptTerms').map((name) => (
        <input key={name} type="hidden" name={name} value={typed(name)} />
      ))}
      <ErrorList id={form.errorId} errors={form.errors} alert />

      {step === 0 ? (
        <>
          {text('restaurantName', 'text', 'organization')}
          <RestaurantKindFields type={fields.restaurantType} cuisine={fields.restaurantCuisine} />
          {text('restaurantAddress', 'text', 'street-address')}
          {text('restaurantPhone', 'tel', 'tel')}
          {text('restaurantEmail', 'email', 'email')}
        </>
      ) : null}
      {step === 1 ? (
        <>
          {text('ownerName', 'text', 'name')}
          {text('ownerEmail', 'email', 'email')}
          {text('password', 'password', 'new-password', t('admin.signup.passwordHint'))}
        </>
      ) : null}
      {step === 2 ? (
        <>
          <dl
            className="grid gap-2 rounded-2xl bg-stone-50 p-4 text-sm dark:bg-stone-800/60"
            data-testid="signup-review"
          >
            {ALL_FIELDS.filter((name) => name !== 'password' && name !== 'acceptTerms').map((name) => (
              <div key={name} className="flex justify-between gap-3">
                <dt className="text-stone-600 dark:text-stone-400">{t(`admin.signup.${name}`)}</dt>
                <dd className="text-right font-semibold">
                  {name === 'restaurantType' && typed(name)
                    ? t.message(`admin.signup.types.${typed(name)}`)
                    : name === 'restaurantCuisine' && typed(name)
                      ? t.message(`admin.signup.cuisines.${typed(name)}`)
                      : typed(name)}
                </dd>
              </div>
            ))}
          </dl>
          {/* In other tabs: leaving the wizard would lose what was typed. */}
          <p className="text-sm text-stone-700 dark:text-stone-300" data-testid="signup-terms">
            {t('admin.signup.readFirst')}{' '}
            <a href="/terms" target="_blank" rel="noreferrer" className={LINK}>
              {t('admin.signup.termsLink')}
            </a>{' '}
            {t('admin.signup.and')}{' '}
            <a href="/privacy" target="_blank" rel="noreferrer" className={LINK}>
              {t('admin.signup.privacyLink')}
            </a>{' '}
            {t('admin.signup.newTabs')}
          </p>
          <CheckboxField
            label={t('admin.signup.acceptTerms')}
            errors={fields.acceptTerms.errors}
            inputProps={getInputProps(fields.acceptTerms, { type: 'checkbox' })}
          />
        </>
      ) : null}

      {/* The forward button comes first in the markup, so Enter in a field goes forward, never back. */}
      <div className="flex flex-row-reverse gap-3">
        {step < LAST_STEP ? (
          <StatusButton pending={pending} name="intent" value="next" className={`${buttonClass.primary} flex-1`}>
            {t('admin.signup.next')}
          </StatusButton>
        ) : (
          <StatusButton
            pending={pending}
            pendingText={t('admin.signup.submitting')}
            name="intent"
            value="submit"
            className={`${buttonClass.primary} flex-1`}
          >
            {t('admin.signup.submit')}
          </StatusButton>
        )}
        {step > 0 ? (
          <button type="submit" name="intent" value="back" formNoValidate className={`${buttonClass.secondary} flex-1`}>
            {t('admin.signup.previous')}
          </button>
        ) : null}
      </div>
    </Form>
  )
}
