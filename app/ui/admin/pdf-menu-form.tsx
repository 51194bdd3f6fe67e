import { Form, useActionData } from '@remix-run/react'
import { useId, useState } from 'react'
import { PDF_TYPE } from '~/domain/schemas/menus'
import { buttonClass } from '../button'
import { ErrorList, StatusButton, useIsPending } from '../forms'
import { useI18n } from '../i18n'
import { resultFor } from '../use-schema-form'

/** The chosen file's name, cut to its first 15 characters so it fits beside the buttons on a phone. */
const shortName = (name: string) => (name.length > 15 ? `${name.slice(0, 15)}…` : name)

/** The menu's PDF version: choose, save (stored in R2), view, remove. */
export function PdfMenuForm({ menu }: { menu: { id: string; pdfUrl: string | null; pdfName: string | null } }) {
  const { t } = useI18n()
  const inputId = useId()
  const [chosen, setChosen] = useState<string | null>(null)
  const lastResult = resultFor(useActionData<Parameters<typeof resultFor>[0]>(), 'pdf.upload')
  const errors = lastResult?.error?.file
  const errorId = errors ? `${inputId}-error` : undefined
  const uploading = useIsPending({ intent: 'pdf.upload' })
  const removing = useIsPending({ intent: 'pdf.remove' })
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900"
      data-testid="pdf-menu"
    >
      <h2 id={`${inputId}-title`} className="font-bold">
        {t('admin.menu.pdf.title')}
      </h2>
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.menu.pdf.hint')}</p>
      {menu.pdfUrl && menu.pdfName ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="min-w-0 flex-1 truncate" data-testid="pdf-current">
            {t('admin.menu.pdf.current', { name: menu.pdfName })}
          </p>
          <a href={menu.pdfUrl} target="_blank" rel="noreferrer" className={buttonClass.secondary}>
            {t('admin.menu.pdf.view')}
          </a>
          <Form method="post">
            <input type="hidden" name="intent" value="pdf.remove" />
            <input type="hidden" name="id" value={menu.id} />
            <StatusButton pending={removing} className={`${buttonClass.secondary} text-red-800 dark:text-red-300`}>
              {t('admin.menu.pdf.remove')}
            </StatusButton>
          </Form>
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="pdf.upload" />
        <input type="hidden" name="id" value={menu.id} />
        {/* The input sits inside its label, which looks like a button and shows the focus ring. */}
        <label
          className={`${buttonClass.secondary} cursor-pointer focus-within:outline focus-within:outline-3 focus-within:outline-emerald-700`}
        >
          {t('admin.menu.pdf.choose')}
          <input
            id={inputId}
            type="file"
            name="file"
            accept={PDF_TYPE}
            className="sr-only"
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? null)}
          />
        </label>
        {chosen ? (
          <span className="text-sm" data-testid="pdf-chosen" title={chosen}>
            {t('admin.menu.pdf.chosen', { name: shortName(chosen) })}
          </span>
        ) : null}
        <StatusButton pending={uploading} className={buttonClass.primary}>
          {t('admin.menu.pdf.save')}
        </StatusButton>
        {errorId ? (
          <div id={errorId} role="alert" className="w-full text-sm font-medium text-red-800 dark:text-red-300">
            <p>{t('admin.menu.pdf.failedTitle')}</p>
            <ErrorList errors={errors} />
          </div>
        ) : null}
      </Form>
    </section>
  )
}
