import type { Page } from 'playwright-core'
import { resources, type Language } from '~/locales'

/** A piece with no word this long ('de 3', 'OK', 'IVA') says nothing about a screen's language. */
const SHORTEST_WORD = /\p{L}{4}/u

/** A string's pieces between its {{placeholders}}, spaces folded, with a word long enough to mean something. */
function piecesOf(text: string): string[] {
  return text
    .split(/\{\{\w+\}\}/)
    .map((piece) => piece.replace(/\s+/g, ' ').trim())
    .filter((piece) => SHORTEST_WORD.test(piece))
}

function textsOf(node: unknown, key = ''): { key: string; text: string }[] {
  if (typeof node === 'string') return [{ key, text: node }]
  return Object.entries(node as Record<string, unknown>).flatMap(([name, child]) =>
    textsOf(child, key ? `${key}.${name}` : name),
  )
}

/** Every text of a language's locale files (diner, staff, site), with its key. */
export const localeTexts = (language: Language) => textsOf(resources[language])

/**
 * The texts that exist only in the other language's locale files (every
 * area: diner, staff, site), each with its key: a piece found in any of this
 * language's texts does not count ('Total', 'Apple Pay', 'Mesa').
 */
export function foreignTexts(language: Language): { key: string; text: string }[] {
  const other: Language = language === 'es' ? 'en' : 'es'
  const own = new Set(localeTexts(language).flatMap(({ text }) => piecesOf(text)))
  const seen = new Set<string>()
  return localeTexts(other).flatMap(({ key, text }) =>
    piecesOf(text)
      .filter((piece) => !own.has(piece) && !seen.has(piece) && seen.add(piece))
      .map((piece) => ({ key, text: piece })),
  )
}

/**
 * What a screen says, to a sighted person and to a screen reader: its title,
 * its visible text, the aria-label, placeholder, alt and title attributes,
 * what the fields shown hold (not the values of buttons, choices or hidden
 * fields, which nobody sees), and the description a shared link shows.
 */
export function screenTexts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const texts = [document.title, document.body.innerText]
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [alt], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'alt', 'title']) texts.push(element.getAttribute(name) ?? '')
    }
    for (const input of document.querySelectorAll(
      'input:not([type="hidden"], [type="radio"], [type="checkbox"]), textarea',
    ))
      texts.push((input as HTMLInputElement).value)
    for (const meta of document.querySelectorAll(
      'meta[name="description"], meta[property="og:title"], meta[property="og:description"]',
    ))
      texts.push(meta.getAttribute('content') ?? '')
    return texts.join('\n').replace(/[^\S\n]+/g, ' ')
  })
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The foreign texts `shown` contains as whole words. */
export function foreignIn(shown: string, foreign: { key: string; text: string }[]): string[] {
  return foreign
    .filter(
      ({ text }) =>
        shown.includes(text) && new RegExp(`(?<![\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`, 'u').test(shown),
    )
    .map(({ key, text }) => `${key}: ${text}`)
}
