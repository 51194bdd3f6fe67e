import { Form, useActionData } from '@remix-run/react'
import { useId, useState } from 'react'
import { PHOTO_TYPES, type PhotoSize } from '~/domain/menu-photos'
import { buttonClass } from '../button'
import { DishPhoto } from '../dish-photo'
import { ErrorList, StatusButton, useIsPending } from '../forms'
import { useI18n } from '../i18n'
import { resultFor } from '../use-schema-form'

/** A chosen file's name cut so it fits beside the buttons on a phone. */
const shortName = (name: string) => (name.length > 24 ? `${name.slice(0, 24)}…` : name)

/**
 * An item's photo in the staff's item dialog: the current one, a file to
 * upload (or to replace it with) and a remove button. Plain multipart forms
 * to the page's action, so they work before JavaScript; a refused file comes
 * back named under the chooser.
 */
export function ItemPhotoForm({
  item,
}: {
  item: { id: string; name: string; photo: { id: string; sizes: PhotoSize[] } | null }
}) {
  const { t } = useI18n()
  const inputId = useId()
  const [chosen, setChosen] = useState<string | null>(null)
  const lastResult = resultFor(useActionData<Parameters<typeof resultFor>[0]>(), 'photo.upload', item.id)
  const errors = lastResult?.error?.file
  const errorId = errors ? `${inputId}-error` : undefined
  const uploading = useIsPending({ intent: 'photo.upload' })
  const removing = useIsPending({ intent: 'photo.remove' })
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="mb-4 grid gap-3 border-b border-stone-200 pb-4 dark:border-stone-700"
      data-testid="item-photo"
    >
      <h3 id={`${inputId}-title`} className="font-bold">
        {t('admin.menu.photo.title')}
      </h3>
      <div className="flex flex-wrap items-center gap-3">
        {item.photo ? (
          <DishPhoto
            photo={item.photo}
            alt={t('admin.menu.photo.current', { name: item.name })}
            displayWidth={96}
            sizes="96px"
            lazy={false}
            className="size-24 rounded-xl bg-stone-100 object-cover dark:bg-stone-800"
          />
        ) : (
          <span className="grid size-24 place-items-center rounded-xl border-2 border-dashed border-stone-300 text-center text-sm text-stone-600 dark:border-stone-600 dark:text-stone-400">
            {t('admin.menu.photo.none')}
          </span>
        )}
        {item.photo ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="photo.remove" />
            <input type="hidden" name="id" value={item.id} />
            <StatusButton pending={removing} className={`${buttonClass.secondary} text-red-800 dark:text-red-300`}>
              {t('admin.menu.photo.remove')}
            </StatusButton>
          </Form>
        ) : null}
      </div>
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.menu.photo.hint')}</p>
      <Form
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        className="flex flex-wrap items-center gap-3"
      >
        <input type="hidden" name="intent" value="photo.upload" />
        <input type="hidden" name="id" value={item.id} />
        {/* The input sits inside its label, which looks like a button and shows the focus ring. */}
        <label
          className={`${buttonClass.secondary} cursor-pointer focus-within:outline focus-within:outline-3 focus-within:outline-emerald-700`}
        >
          {item.photo ? t('admin.menu.photo.replace') : t('admin.menu.photo.choose')}
          <input
            id={inputId}
            type="file"
            name="file"
            accept={PHOTO_TYPES.join(',')}
            className="sr-only"
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? null)}
            data-testid="photo-file"
          />
        </label>
        {chosen ? (
          <span className="text-sm" title={chosen}>
            {t('admin.menu.photo.chosen', { name: shortName(chosen) })}
          </span>
        ) : null}
        <StatusButton pending={uploading} className={buttonClass.primary}>
          {t('admin.menu.photo.save')}
        </StatusButton>
        {errorId ? (
          <div
            id={errorId}
            role="alert"
            className="w-full text-sm font-medium text-red-800 dark:text-red-300"
            data-testid="photo-error"
          >
            <p>{t('admin.menu.photo.failedTitle')}</p>
            <ErrorList errors={errors} />
          </div>
        ) : null}
      </Form>
    </section>
  )
}
