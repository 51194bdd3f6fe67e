import { useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'

/**
 * Shows a server-rendered open <dialog> as a modal once JavaScript runs (focus
 * trapped, the page behind inert), and turns Escape into a navigation to
 * `closeTo`, since the open state lives in the URL. `modal` is false until then.
 */
export function useUrlModal(open: boolean, closeTo: string) {
  const ref = useRef<HTMLDialogElement>(null)
  const navigate = useNavigate()
  const [modal, setModal] = useState(false)

  useEffect(() => {
    const dialog = ref.current
    if (!open || !dialog) return
    if (!dialog.matches(':modal')) {
      if (dialog.open) dialog.close()
      dialog.showModal()
    }
    setModal(true)
    const onCancel = () => navigate(closeTo, { replace: true, preventScrollReset: true })
    dialog.addEventListener('cancel', onCancel)
    return () => dialog.removeEventListener('cancel', onCancel)
  }, [open, closeTo, navigate])

  return { ref, modal }
}
