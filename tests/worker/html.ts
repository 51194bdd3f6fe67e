/** A page's text as a person reads it: markup and React's markers gone, spaces as one, before its scripts. */
export const textOfHtml = (html: string) =>
  html
    .split('<script')[0]!
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

/** The text of the first element marked `testId` (up to its own closing tag). */
export function figure(html: string, testId: string): string {
  const match = new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html)
  if (!match) throw new Error(`no ${testId} on the page`)
  return textOfHtml(match[2]!).trim()
}
