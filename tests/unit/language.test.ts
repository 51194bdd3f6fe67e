import { describe, expect, it } from 'vitest'
import { getLanguage, languageCookie } from '~/server/http/i18n.server'

const request = (headers: Record<string, string>, search = '') =>
  new Request(`https://mesa.test/customer/table/abc${search}`, { headers })
const phone = (acceptLanguage: string) => getLanguage(request({ 'Accept-Language': acceptLanguage }))

describe('the language of a request', () => {
  it('follows the phone until the diner chooses: English of any region is English', async () => {
    for (const header of ['en', 'en-US', 'en-GB,en;q=0.9', 'en-AU,es;q=0.5', 'EN-us', 'es;q=0.4,en-US;q=0.8'])
      expect(await phone(header), header).toBe('en')
  })

  it('is Spanish for a Spanish phone, any other language and no header at all', async () => {
    // The phone's first language decides, by its weight: a Mexican phone that also reads English is Spanish.
    for (const header of [
      'es-MX',
      'es-MX,en;q=0.8',
      'es',
      'fr-FR',
      'fr-FR,en;q=0.5',
      'de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7',
      'pt-BR',
      '*',
      'en;q=0,es',
    ])
      expect(await phone(header), header).toBe('es')
    expect(await getLanguage(request({}))).toBe('es')
  })

  it('takes the diner’s choice over the phone: the cookie, and ?lng over both', async () => {
    const spanish = (await languageCookie.serialize('es')).split(';')[0]!
    const english = (await languageCookie.serialize('en')).split(';')[0]!
    expect(await getLanguage(request({ 'Accept-Language': 'en-US', Cookie: spanish }))).toBe('es')
    expect(await getLanguage(request({ 'Accept-Language': 'es-MX', Cookie: english }))).toBe('en')
    expect(await getLanguage(request({ 'Accept-Language': 'en-US', Cookie: english }, '?lng=es'))).toBe('es')
    // A choice the app does not have is no choice: the phone decides.
    expect(await getLanguage(request({ 'Accept-Language': 'en-US' }, '?lng=fr'))).toBe('en')
  })
})
