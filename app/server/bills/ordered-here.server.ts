import { createCookie } from '@remix-run/cloudflare'
import { z } from '~/domain/schemas/zod'

/**
 * The lines this phone ordered on a bill, remembered on the phone itself:
 * "Pagar lo mío" lists them first and ticked. Only the open bill's are kept
 * (a new bill starts afresh), for a day, and only the latest ones when a
 * long night orders more than a cookie should hold.
 */
const orderedCookie = createCookie('mesa_ordered', {
  path: '/customer',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 24 * 60 * 60,
})

/** UUIDs are 36 characters: 60 of them stay well inside a cookie's 4 KB. */
const MAX_REMEMBERED = 60

const remembered = z.object({ sessionId: z.string().max(100), lines: z.array(z.string().max(64)).max(MAX_REMEMBERED) })

/** The ids of the lines this phone ordered on the bill `sessionId`, oldest first. */
export async function linesOrderedHere(request: Request, sessionId: string): Promise<string[]> {
  const parsed = remembered.safeParse(await orderedCookie.parse(request.headers.get('Cookie')))
  return parsed.success && parsed.data.sessionId === sessionId ? parsed.data.lines : []
}

/** The cookie that adds `lines`, just ordered from this phone, to what it ordered on the bill. */
export async function rememberOrderedHere(request: Request, sessionId: string, lines: string[]): Promise<string> {
  const kept = await linesOrderedHere(request, sessionId)
  const all = [...new Set([...kept, ...lines])].slice(-MAX_REMEMBERED)
  return orderedCookie.serialize({ sessionId, lines: all })
}
