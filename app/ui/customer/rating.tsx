import { Form } from '@remix-run/react'
import { RATING_COMMENT_MAX, RATING_STARS } from '~/domain/ratings'
import { buttonClass } from '~/ui/button'
import { ErrorList } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'

interface Answer {
  initialValue?: Record<string, unknown> | null
  error?: Record<string, string[] | null> | null
}

/**
 * "¿Cómo estuvo?": 1–5 stars and a comment for the restaurant alone. Once
 * rated, every rater alike is offered the restaurant's Google review page
 * (asking only the happy ones would break Google's rules), and may change
 * their rating. Plain radio buttons: it works without JavaScript.
 */
export function RatingSection({
  rated,
  googleReviewUrl,
  answer,
}: {
  rated: { stars: number; comment: string | null } | null
  googleReviewUrl: string | null
  answer: Answer | undefined
}) {
  const { t } = useI18n()
  return (
    <section className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900" data-testid="rating">
      {rated ? (
        <>
          <h2 className="font-bold">{t('customer.rating.thanks')}</h2>
          <p aria-label={t('customer.rating.yourStars', { count: rated.stars })} className="text-2xl text-amber-500">
            {'★'.repeat(rated.stars)}
            <span className="text-stone-300 dark:text-stone-600">{'★'.repeat(5 - rated.stars)}</span>
          </p>
          {googleReviewUrl ? (
            <a
              href={googleReviewUrl}
              target="_blank"
              rel="noreferrer"
              className={`${buttonClass.secondary} w-full`}
              data-testid="google-review"
            >
              {t('customer.rating.google')}
            </a>
          ) : null}
          <details>
            <summary className="min-h-11 cursor-pointer content-center text-stone-600 dark:text-stone-400">
              {t('customer.rating.change')}
            </summary>
            <RatingForm answer={answer} rated={rated} />
          </details>
        </>
      ) : (
        <>
          <h2 className="font-bold">{t('customer.rating.title')}</h2>
          <RatingForm answer={answer} rated={null} />
        </>
      )}
    </section>
  )
}

function RatingForm({
  answer,
  rated,
}: {
  answer: Answer | undefined
  rated: { stars: number; comment: string | null } | null
}) {
  const { t } = useI18n()
  const sent = answer?.initialValue
  const chosen = Number(sent?.stars ?? rated?.stars ?? 0)
  return (
    <Form method="post" replace preventScrollReset className="grid gap-3">
      <input type="hidden" name="intent" value="rate" />
      <fieldset>
        <legend className="sr-only">{t('customer.rating.title')}</legend>
        {/* Reversed in the markup so CSS can light a star and every one before it (the peers after it). */}
        <div className="flex flex-row-reverse justify-end gap-1">
          {[...RATING_STARS].reverse().map((stars) => (
            <label
              key={stars}
              className="peer grid size-12 cursor-pointer place-items-center text-4xl text-stone-300 peer-hover:text-amber-500 peer-has-[:checked]:text-amber-500 hover:text-amber-500 has-[:checked]:text-amber-500 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-emerald-700 dark:text-stone-600"
            >
              <input
                type="radio"
                name="stars"
                value={stars}
                defaultChecked={chosen === stars}
                required
                className="sr-only"
              />
              <span aria-hidden="true">★</span>
              <span className="sr-only">{t('customer.rating.stars', { count: stars })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <ErrorList errors={answer?.error?.stars} />
      <label className="grid gap-1 font-semibold">
        {t('customer.rating.comment')}
        <textarea
          name="comment"
          rows={3}
          maxLength={RATING_COMMENT_MAX}
          defaultValue={typeof sent?.comment === 'string' ? sent.comment : (rated?.comment ?? '')}
          className="rounded-xl border border-stone-300 bg-white px-4 py-3 font-normal dark:border-stone-600 dark:bg-stone-950"
        />
        <span className="text-sm font-normal text-stone-600 dark:text-stone-400">
          {t('customer.rating.commentHint')}
        </span>
      </label>
      <ErrorList errors={answer?.error?.comment} />
      <button type="submit" className={`${buttonClass.secondary} w-full`} data-testid="rating-submit">
        {t('customer.rating.submit')}
      </button>
    </Form>
  )
}
