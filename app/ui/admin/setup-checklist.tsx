import { Form, Link } from '@remix-run/react'
import type { SetupChecklist as Checklist, SetupStep } from '~/domain/setup-checklist'
import { buttonClass } from '~/ui/button'
import { ErrorList, StatusButton, useIsPending } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { CheckIcon } from '~/ui/icons'
import { useLastResult } from '~/ui/use-schema-form'
import type { DashboardIntent } from '~/domain/schemas/tables'

/** Where each step is done. The test payment opens the table's own link (its QR card's) as a diner would. */
function stepLink(step: SetupStep, tableLink: string | null): { to: string; newTab?: boolean } {
  switch (step) {
    case 'details':
      return { to: '/admin/dashboard/settings?dialog=settings' }
    case 'menu':
      return { to: '/admin/menu-builder' }
    case 'tables':
      return { to: '?dialog=new' }
    case 'payments':
      return { to: '/admin/dashboard/settings#card-payments-title' }
    case 'team':
      return { to: '/admin/dashboard/team' }
    case 'testPayment':
      return tableLink ? { to: tableLink, newTab: true } : { to: '?dialog=new' }
  }
}

/**
 * The owner's way from sign-up to a first payment: each step done or not,
 * as the restaurant's records say, with the link that does it; once every
 * step is done, a plain form puts the list away for the restaurant.
 */
export function SetupChecklist({ checklist, tableLink }: { checklist: Checklist; tableLink: string | null }) {
  const { t } = useI18n()
  const pending = useIsPending({ intent: 'dismiss-setup' satisfies DashboardIntent })
  // Refused when a step came undone meanwhile: said beside the list's hint.
  const refused = useLastResult('dismiss-setup')
  const done = checklist.steps.filter((step) => step.done).length
  return (
    <section
      aria-labelledby="setup-title"
      className="mb-6 grid gap-4 rounded-3xl bg-white p-5 shadow-sm dark:bg-stone-900"
      data-testid="setup-checklist"
    >
      <div className="grid gap-1">
        <h2 id="setup-title" className="text-xl font-bold">
          {t('admin.checklist.title')}
        </h2>
        <p className="text-stone-600 dark:text-stone-400">{t('admin.checklist.lead')}</p>
        <p className="font-semibold" data-testid="setup-progress">
          {t('admin.checklist.progress', { done, total: checklist.steps.length })}
        </p>
        <div
          className="h-2 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={checklist.steps.length}
          aria-valuenow={done}
          aria-label={t('admin.checklist.progress', { done, total: checklist.steps.length })}
        >
          <div
            className="h-full rounded-full bg-emerald-700"
            style={{ width: `${(done / checklist.steps.length) * 100}%` }}
          />
        </div>
      </div>
      <ol className="grid gap-3">
        {checklist.steps.map(({ step, done }, index) => {
          const link = stepLink(step, tableLink)
          // One step stands out, the next to do; the others wait their turn (or are done) as plain buttons.
          const next = step === checklist.next
          const look = `${next ? buttonClass.primary : buttonClass.secondary} col-span-2 sm:col-span-1`
          const action =
            step === 'testPayment' && !tableLink
              ? t('admin.checklist.steps.testPayment.needsTable')
              : t(`admin.checklist.steps.${step}.${done ? 'again' : 'action'}`)
          return (
            <li
              key={step}
              className={`grid grid-cols-[auto_1fr] items-start gap-3 rounded-2xl border p-4 sm:grid-cols-[auto_1fr_auto] sm:items-center ${next ? 'border-2 border-emerald-700 bg-emerald-50 dark:border-emerald-500 dark:bg-emerald-950/40' : 'border-stone-200 dark:border-stone-700'}`}
              data-testid={`setup-step-${step}`}
              data-done={done}
              data-next={next}
              aria-current={next ? 'step' : undefined}
            >
              <span
                aria-hidden="true"
                className={`grid size-9 place-items-center rounded-full font-bold ${
                  done
                    ? 'bg-emerald-700 text-white'
                    : 'border-2 border-stone-300 text-stone-700 dark:border-stone-600 dark:text-stone-300'
                }`}
              >
                {done ? <CheckIcon className="size-5" /> : index + 1}
              </span>
              <div className="grid gap-1">
                <h3 className="font-bold">
                  {t(`admin.checklist.steps.${step}.title`)}{' '}
                  <span
                    className={`ml-1 rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap ${
                      done
                        ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100'
                        : 'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-200'
                    }`}
                    data-testid="setup-step-state"
                  >
                    {done ? t('admin.checklist.done') : t('admin.checklist.todo')}
                  </span>
                </h3>
                <p className="text-sm text-stone-600 dark:text-stone-400">{t(`admin.checklist.steps.${step}.text`)}</p>
              </div>
              {link.newTab ? (
                <a href={link.to} target="_blank" rel="noreferrer" className={look}>
                  {action} <span className="sr-only">{t('admin.checklist.newTab')}</span>
                </a>
              ) : (
                <Link to={link.to} preventScrollReset={link.to.startsWith('?')} className={look}>
                  {action}
                </Link>
              )}
            </li>
          )
        })}
      </ol>
      {checklist.allDone ? (
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value={'dismiss-setup' satisfies DashboardIntent} />
          <p className="flex-[1_1_15rem] font-semibold" role="status">
            {t('admin.checklist.allDone')}
          </p>
          <StatusButton pending={pending} className={buttonClass.primary}>
            {t('admin.checklist.dismiss')}
          </StatusButton>
        </Form>
      ) : (
        <div className="grid gap-1">
          <ErrorList errors={refused?.error?.['']} alert />
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.checklist.dismissHint')}</p>
        </div>
      )}
    </section>
  )
}
