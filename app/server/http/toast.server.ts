import { createCookie, redirect } from '@remix-run/cloudflare'
import { z } from '~/domain/schemas/zod'

/** A message for the next page, as translation keys so it follows the reader's language, with the values they name. */
const toastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  vars: z.record(z.string(), z.string()).optional(),
  variant: z.enum(['default', 'destructive']).default('default'),
})
type Toast = z.output<typeof toastSchema>

const toastCookie = createCookie('mesa_toast', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 60 })

/** Redirects and shows `toast` on the page it lands on; works without JavaScript. */
export async function redirectWithToast(url: string, toast: z.input<typeof toastSchema>, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  headers.append('Set-Cookie', await toastCookie.serialize(JSON.stringify(toast)))
  return redirect(url, { ...init, headers })
}

/** Reads the pending toast, with the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const raw: unknown = await toastCookie.parse(request.headers.get('Cookie'))
  const headers = new Headers()
  if (typeof raw !== 'string') return { toast: null, headers }
  headers.append('Set-Cookie', await toastCookie.serialize('', { maxAge: 0 }))
  let parsed: unknown = null
  try {
    parsed = JSON.parse(raw)
  } catch {
    return { toast: null, headers }
  }
  const result = toastSchema.safeParse(parsed)
  return { toast: result.success ? result.data : null, headers }
}
