import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'
import { useI18n } from './i18n'

const control = 'min-h-12 w-full rounded-xl border border-stone-300 bg-white px-4 text-base aria-[invalid=true]:border-red-700 dark:border-stone-600 dark:bg-stone-950'

interface FieldShell {
  label: string
  /** A translation key, as the shared schemas report errors. */
  error?: string | string[] | null
  hint?: string
}

function Shell({ id, label, error, hint, children }: FieldShell & { id: string; children: ReactNode }) {
  const { t } = useI18n()
  const message = Array.isArray(error) ? error[0] : error
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {children}
      {hint && !message ? <p className="text-sm text-stone-600">{hint}</p> : null}
      {message ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {t(message)}
        </p>
      ) : null}
    </div>
  )
}

/** A labelled input whose error (a translation key) is announced with it. */
export function Field({ label, error, hint, ...input }: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const invalid = Boolean(Array.isArray(error) ? error.length : error)
  return (
    <Shell id={id} label={label} error={error} hint={hint}>
      <input id={id} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-error` : undefined} className={control} {...input} />
    </Shell>
  )
}

export function SelectField({ label, error, hint, options, ...select }: FieldShell & SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[] }) {
  const id = useId()
  const invalid = Boolean(Array.isArray(error) ? error.length : error)
  return (
    <Shell id={id} label={label} error={error} hint={hint}>
      <select id={id} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-error` : undefined} className={control} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Shell>
  )
}

/** A labelled checkbox; the label is the whole target, so it is easy to hit on a phone. */
export function CheckboxField({ label, error, ...input }: { label: string; error?: string | string[] | null } & InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useI18n()
  const message = Array.isArray(error) ? error[0] : error
  return (
    <div className="grid gap-1">
      <label className="flex min-h-11 items-start gap-3">
        <input type="checkbox" value="on" className="mt-1 size-5 shrink-0 accent-emerald-700" aria-invalid={message ? true : undefined} {...input} />
        <span>{label}</span>
      </label>
      {message ? <p className="text-sm font-medium text-red-800">{t(message)}</p> : null}
    </div>
  )
}
