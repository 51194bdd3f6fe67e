import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { registerSchema, signupSteps } from '~/domain/schemas/auth'
import { registerOwner } from '~/server/auth/accounts.server'
import { getDb } from '~/server/db/client.server'
import { redirectWithToast } from '~/server/toast.server'
import { AuthCard } from '~/ui/admin/auth-card'
import { RestaurantKindFields } from '~/ui/admin/restaurant'
import { buttonClass } from '~/ui/button'
import { CheckboxField, Field } from '~/ui/field'
import { useI18n } from '~/ui/i18n'

export const meta: MetaFunction = () => [{ title: 'Mesa · Registro' }]

const STEP_FIELDS = [
  ['restaurantName', 'restaurantType', 'restaurantCuisine', 'restaurantAddress', 'restaurantPhone', 'restaurantEmail'],
  ['ownerName', 'ownerEmail', 'password'],
  ['acceptTerms'],
] as const
const ALL_FIELDS = STEP_FIELDS.flat()

type WizardState = { step: number; values: Record<string, string>; errors: Record<string, string[] | null>; message: string | null }

/**
 * The three-step wizard runs on the server: each Siguiente posts every field
 * and the server checks the step with its part of the one registration
 * schema, so it works the same with or without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const values = Object.fromEntries(ALL_FIELDS.map((name) => [name, String(form.get(name) ?? '')]))
  const step = Math.min(2, Math.max(0, Number(form.get('step')) || 0))
  const intent = form.get('intent')
  const state = (next: Partial<WizardState>, status = 200) => data<WizardState>({ step, values, errors: {}, message: null, ...next }, { status })

  if (intent === 'back') return state({ step: Math.max(0, step - 1) })
  if (intent === 'next') {
    const submission = parseWithZod(form, { schema: signupSteps[step] ?? registerSchema })
    return submission.status === 'success' ? state({ step: step + 1 }) : state({ errors: submission.error ?? {} }, 400)
  }
  const submission = parseWithZod(form, { schema: registerSchema })
  if (submission.status !== 'success') {
    const errors = submission.error ?? {}
    // Back to the first step with a problem (a no-JS user may have skipped one).
    const first = STEP_FIELDS.findIndex((fields) => fields.some((name) => errors[name]))
    return state({ step: first === -1 ? 2 : first, errors, message: 'admin.errors.formError' }, 400)
  }
  const result = await registerOwner(getDb(context.cloudflare.env.DB), submission.value)
  if (!result.ok) return state({ step: 1, errors: { ownerEmail: ['admin.errors.emailTaken'] } }, 409)
  return redirectWithToast('/admin/login', { title: 'admin.signup.successTitle', description: 'admin.signup.successText' })
}

export default function Signup() {
  const state = useActionData<typeof action>()
  const { t } = useI18n()
  const navigation = useNavigation()
  const step = state?.step ?? 0
  const values = state?.values ?? {}
  const errors = state?.errors ?? {}
  const pending = navigation.state === 'submitting'
  const visible: readonly string[] = STEP_FIELDS[step] ?? []
  const stepNames = ['restaurant', 'owner', 'review'] as const
  const text = (name: string, props: { type?: string; autoComplete?: string; hint?: string } = {}) => (
    <Field label={t(`admin.signup.${name}`)} name={name} defaultValue={values[name]} error={errors[name]} {...props} />
  )

  return (
    <AuthCard title={t('admin.signup.title')}>
      <ol className="mb-5 grid grid-cols-3 gap-2" aria-label={t('admin.signup.step', { step: step + 1 })}>
        {stepNames.map((name, index) => (
          <li key={name} aria-current={index === step ? 'step' : undefined} className="grid gap-1 text-center text-sm">
            <span className={`h-1.5 rounded-full ${index <= step ? 'bg-emerald-700' : 'bg-stone-200'}`} />
            <span className={index === step ? 'font-bold' : 'text-stone-600'}>{t(`admin.signup.steps.${name}`)}</span>
          </li>
        ))}
      </ol>
      <p className="mb-4 text-sm text-stone-600" data-testid="signup-step">{t('admin.signup.step', { step: step + 1 })}</p>

      <Form method="post" className="grid gap-4" noValidate key={step}>
        <input type="hidden" name="step" value={step} />
        {ALL_FIELDS.filter((name) => !visible.includes(name) && name !== 'acceptTerms').map((name) => (
          <input key={name} type="hidden" name={name} value={values[name] ?? ''} />
        ))}
        {state?.message ? (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-900">
            {t(state.message)}
          </p>
        ) : null}

        {step === 0 ? (
          <>
            {text('restaurantName', { autoComplete: 'organization' })}
            <RestaurantKindFields values={values} errors={errors} />
            {text('restaurantAddress', { autoComplete: 'street-address' })}
            {text('restaurantPhone', { type: 'tel', autoComplete: 'tel' })}
            {text('restaurantEmail', { type: 'email', autoComplete: 'email' })}
          </>
        ) : null}
        {step === 1 ? (
          <>
            {text('ownerName', { autoComplete: 'name' })}
            {text('ownerEmail', { type: 'email', autoComplete: 'email' })}
            {text('password', { type: 'password', autoComplete: 'new-password', hint: t('admin.signup.passwordHint') })}
          </>
        ) : null}
        {step === 2 ? (
          <>
            <dl className="grid gap-2 rounded-2xl bg-stone-50 p-4 text-sm" data-testid="signup-review">
              {ALL_FIELDS.filter((name) => name !== 'password' && name !== 'acceptTerms').map((name) => (
                <div key={name} className="flex justify-between gap-3">
                  <dt className="text-stone-600">{t(`admin.signup.${name}`)}</dt>
                  <dd className="text-right font-semibold">
                    {name === 'restaurantType' && values[name] ? t(`admin.signup.types.${values[name]}`) : name === 'restaurantCuisine' && values[name] ? t(`admin.signup.cuisines.${values[name]}`) : values[name]}
                  </dd>
                </div>
              ))}
            </dl>
            <CheckboxField name="acceptTerms" label={t('admin.signup.acceptTerms')} error={errors.acceptTerms} />
          </>
        ) : null}

        {/* The forward button comes first in the markup, so Enter in a field goes forward, never back. */}
        <div className="flex flex-row-reverse gap-3">
          {step < 2 ? (
            <button type="submit" name="intent" value="next" className={`${buttonClass.primary} flex-1`} disabled={pending}>
              {t('admin.signup.next')}
            </button>
          ) : (
            <button type="submit" name="intent" value="submit" className={`${buttonClass.primary} flex-1`} disabled={pending}>
              {pending ? t('admin.signup.submitting') : t('admin.signup.submit')}
            </button>
          )}
          {step > 0 ? (
            <button type="submit" name="intent" value="back" formNoValidate className={`${buttonClass.secondary} flex-1`}>
              {t('admin.signup.previous')}
            </button>
          ) : null}
        </div>
      </Form>
      <p className="mt-5 text-center">
        <Link to="/admin/login" className="font-semibold text-emerald-800 underline">
          {t('admin.signup.haveAccount')}
        </Link>
      </p>
    </AuthCard>
  )
}
