import { Form, useSubmit } from '@remix-run/react'
import { useState, type DragEvent } from 'react'
import type { MenuIntent } from '~/domain/schemas/menus'
import { buttonClass } from '../button'
import { ErrorList } from '../forms'
import { HiddenFields } from '../hidden-fields'
import { useI18n } from '../i18n'
import { useHydrated } from '../use-hydrated'
import { useMenuFormResult } from './menu-form-shell'

/**
 * Up and down for one entry of a hand-ordered list: one form, two submit
 * buttons, so the step is an ordinary post without JavaScript and from the
 * keyboard. `fields` travel along (the page's place to come back to).
 */
export function MoveButtons({
  intent,
  id,
  name,
  first,
  last,
  fields = {},
}: {
  intent: MenuIntent
  id: string
  name: string
  first: boolean
  last: boolean
  fields?: Record<string, string>
}) {
  const { t } = useI18n()
  const refused = useMenuFormResult(intent, id)?.error
  return (
    <Form method="post" preventScrollReset className="flex shrink-0 flex-wrap" data-testid="move-buttons">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <HiddenFields value={fields} />
      {(
        [
          ['up', '↑', first],
          ['down', '↓', last],
        ] as const
      ).map(([step, arrow, atEnd]) => (
        <button
          key={step}
          type="submit"
          name="to"
          value={step}
          disabled={atEnd}
          aria-label={t(`admin.menu.move.${step}`, { name })}
          className={`${buttonClass.icon} disabled:opacity-30`}
        >
          <span aria-hidden="true">{arrow}</span>
        </button>
      ))}
      <ErrorList errors={refused?.to ?? refused?.['']} alert />
    </Form>
  )
}

/**
 * Dragging an entry of a hand-ordered list to a new place, with a mouse: the
 * handle starts it, a row takes the drop, and the drop posts the same move
 * the buttons do, with the place (0 first) instead of a step.
 */
export function useDragOrder(intent: MenuIntent, fields: Record<string, string> = {}) {
  const submit = useSubmit()
  const [dragging, setDragging] = useState<string | null>(null)
  const [over, setOver] = useState<number | null>(null)
  const end = () => {
    setDragging(null)
    setOver(null)
  }
  return {
    handle: (id: string) => ({
      draggable: true,
      onDragStart: (event: DragEvent<HTMLElement>) => {
        event.dataTransfer.effectAllowed = 'move'
        event.dataTransfer.setData('text/plain', id)
        const row = event.currentTarget.closest('li')
        if (row) event.dataTransfer.setDragImage(row, 24, 24)
        setDragging(id)
      },
      onDragEnd: end,
    }),
    row: (index: number) => ({
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (!dragging) return
        event.preventDefault()
        setOver(index)
      },
      onDrop: (event: DragEvent<HTMLElement>) => {
        if (!dragging) return
        event.preventDefault()
        submit({ ...fields, intent, id: dragging, to: String(index) }, { method: 'post', preventScrollReset: true })
        end()
      },
      'data-drop-target': over === index && dragging ? '' : undefined,
    }),
  }
}

/** The grip a mouse drags a row by; keyboards and phones use the buttons beside it. */
export function DragHandle(props: ReturnType<ReturnType<typeof useDragOrder>['handle']>) {
  if (!useHydrated()) return null
  return (
    <span
      {...props}
      aria-hidden="true"
      className="hidden cursor-grab touch-none px-1 text-xl leading-none text-stone-500 select-none pointer-fine:inline"
      data-testid="drag-handle"
    >
      ⠿
    </span>
  )
}
