import { createCookie } from '@remix-run/cloudflare'
import { optionalName } from '~/domain/schemas/fields'

/**
 * The name a diner gave on this phone (paying or ordering), offered again
 * next time, at any table: a payment is thanked and shown to staff under
 * the name its payer gave, never under the name of whoever ordered what it
 * pays. Kept a year; an empty name given later forgets it.
 */
const nameCookie = createCookie('mesa_name', {
  path: '/customer',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
})

/** The name this phone gave last, or ''. */
export async function keptDinerName(request: Request): Promise<string> {
  const parsed = optionalName.safeParse(await nameCookie.parse(request.headers.get('Cookie')))
  return parsed.success ? (parsed.data ?? '') : ''
}

/** The cookie that keeps `name` on the phone (or forgets it, when none was given). */
export function keepDinerName(name: string | null): Promise<string> {
  return name ? nameCookie.serialize(name) : nameCookie.serialize('', { maxAge: 0 })
}
