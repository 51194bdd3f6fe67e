import { createCookie } from '@remix-run/cloudflare'
import { isTheme, type Theme } from '~/domain/themes'

/** The visitor's theme, kept for a year; read on the server so the first paint is already right. */
export const themeCookie = createCookie('theme', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
})

/** The visitor's theme from the cookie, light without one. */
export async function getTheme(request: Request): Promise<Theme> {
  const value: unknown = await themeCookie.parse(request.headers.get('Cookie'))
  return isTheme(value) ? value : 'light'
}
