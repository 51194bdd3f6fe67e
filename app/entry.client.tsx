import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'

// A page left while its data was still arriving (a live update's reload in flight as a payment moves the diner on)
// has that read aborted by the browser; Remix's decoder reads the rest of a response in the background and leaves
// the abort unhandled. Nothing was lost, and it is no error to report.
window.addEventListener('unhandledrejection', (event) => {
  if (event.reason instanceof DOMException && event.reason.name === 'AbortError') event.preventDefault()
})

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  )
})
