/** Which part of the product a path belongs to: its strings, theme and layout follow. */
export function areaOf(pathname: string): 'admin' | 'diner' | 'site' {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin'
  if (/^\/(customer|table)(\/|$)/.test(pathname)) return 'diner'
  return 'site'
}
