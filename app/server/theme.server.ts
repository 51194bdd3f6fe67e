import { createCookie } from '@remix-run/cloudflare'

export const THEMES = ['light', 'dark', 'system'] as const
export type Theme = (typeof THEMES)[number]
export const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme)

/** The visitor's theme, kept for a year; read on the server so the first paint is already right. */
export const themeCookie = createCookie('theme', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 60 * 60 * 24 * 365 })

/** SPEC §2.20: light unless the visitor chose otherwise. */
export async function getTheme(request: Request): Promise<Theme> {
  const value: unknown = await themeCookie.parse(request.headers.get('Cookie'))
  return isTheme(value) ? value : 'light'
}
