import { createCookie } from '@remix-run/cloudflare'
import { isTheme, type Theme } from '~/domain/themes'

/** The visitor's theme, kept for a year; read on the server so the first paint is already right. */
export const themeCookie = createCookie('theme', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
})

/**
 * The visitor's theme from the cookie; until they choose, 'system': the page
 * follows the device's own setting, which the stylesheet reads before the
 * first paint (no flash, and it follows the device if it changes).
 */
export async function getTheme(request: Request): Promise<Theme> {
  const value: unknown = await themeCookie.parse(request.headers.get('Cookie'))
  return isTheme(value) ? value : 'system'
}

/** The client hint a browser sends of the device's scheme, once a page of the site asked for it. */
const DEVICE_SCHEME = 'Sec-CH-Prefers-Color-Scheme'

/** Whether the device prefers dark, as its hint says; false where no hint came (the stylesheet still knows). */
export const deviceDarkOf = (request: Request) => request.headers.get(DEVICE_SCHEME)?.replaceAll('"', '') === 'dark'

/** Asks the browser for the device's scheme on later requests, and says the page varies with it. */
export function askDeviceScheme(headers: Headers) {
  headers.set('Accept-CH', DEVICE_SCHEME)
  headers.set('Vary', [headers.get('Vary'), DEVICE_SCHEME].filter(Boolean).join(', '))
}
