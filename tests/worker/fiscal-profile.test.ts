import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { facturapiKeyOf } from '~/server/invoices/fiscal-profile.server'
import { getPage, postForm, seedOwner, staffCookieOf } from './fixtures'

const SETTINGS = '/admin/dashboard/settings'
const KEY = 'sk_test_FdL9aBcDeFgHiJkLmNoPqRsT0a1b'

const profile = (fields: Record<string, string> = {}) => ({
  intent: 'fiscal',
  rfc: 'gode 561231 gr8',
  legalName: 'Edgar González Díaz',
  taxRegime: '612',
  postalCode: '06700',
  invoicePeriodicity: 'week',
  facturapiKey: '',
  ...fields,
})

const pageText = async (cookie: string) => (await (await getPage(SETTINGS, cookie)).text()).replaceAll('<!-- -->', '')

describe('the restaurant’s fiscal profile', () => {
  it('is saved by its owner, the RFC as the SAT writes it; the Facturapi key is sealed, shown only by its hint, and kept when left empty', async () => {
    const restaurantId = await seedOwner()
    const owner = await staffCookieOf(restaurantId)
    expect((await postForm(SETTINGS, profile({ facturapiKey: KEY }), owner)).status).toBe(302)
    const row = await env.DB.prepare(
      'SELECT rfc, legal_name AS legalName, tax_regime AS regime, fiscal_postal_code AS zip, invoice_periodicity AS periodicity FROM restaurants WHERE id = ?',
    )
      .bind(restaurantId)
      .first()
    expect(row).toEqual({
      rfc: 'GODE561231GR8',
      legalName: 'EDGAR GONZÁLEZ DÍAZ',
      regime: '612',
      zip: '06700',
      periodicity: 'week',
    })
    const secret = await env.DB.prepare('SELECT sealed, hint FROM restaurant_secrets WHERE restaurant_id = ?')
      .bind(restaurantId)
      .first<{ sealed: string; hint: string }>()
    expect(secret!.hint).toBe('test …0a1b')
    expect(secret!.sealed).not.toContain(KEY)
    expect(atob(secret!.sealed)).not.toContain(KEY)
    expect(await facturapiKeyOf(env, restaurantId)).toBe(KEY)
    const page = await pageText(owner)
    expect(page).toContain('Automática con Facturapi (clave test …0a1b)')
    expect(page).not.toContain(KEY)

    // Saved again with the key left empty: the key stays; asked to forget it, it goes.
    expect((await postForm(SETTINGS, profile(), owner)).status).toBe(302)
    expect(await facturapiKeyOf(env, restaurantId)).toBe(KEY)
    expect((await postForm(SETTINGS, profile({ forgetFacturapiKey: 'on' }), owner)).status).toBe(302)
    expect(await facturapiKeyOf(env, restaurantId)).toBeNull()
    expect(await pageText(owner)).toContain('A mano: las solicitudes llegan a la lista de facturas')
  })

  it('refuses an RFC the SAT would not issue, a régimen of the other person type, and a key that is not Facturapi’s, changing nothing', async () => {
    const restaurantId = await seedOwner()
    const owner = await staffCookieOf(restaurantId)
    const refusals: [Record<string, string>, string][] = [
      [{ rfc: 'GODE56123' }, 'El RFC tiene 13 caracteres para una persona física o 12 para una moral'],
      [{ rfc: 'GODE561331GR8' }, 'La fecha dentro del RFC (AAMMDD) no existe.'],
      [{ rfc: 'XAXX010101000' }, 'Ese RFC genérico es para la factura global del restaurante'],
      [{ taxRegime: '601' }, 'Ese régimen no es de personas físicas'],
      [{ rfc: 'EKU9003173C9', taxRegime: '612' }, 'Ese régimen no es de personas morales'],
      [{ postalCode: '6700' }, 'El código postal tiene 5 dígitos.'],
      [{ facturapiKey: 'pk_live_abcdefghij' }, 'Esa no es una clave secreta de Facturapi'],
    ]
    for (const [fields, words] of refusals) {
      const refused = await postForm(`${SETTINGS}?dialog=fiscal`, profile(fields), owner)
      expect(refused.status, JSON.stringify(fields)).toBe(400)
      expect((await refused.text()).replaceAll('&#x27;', "'"), JSON.stringify(fields)).toContain(words)
    }
    expect(await env.DB.prepare('SELECT rfc FROM restaurants WHERE id = ?').bind(restaurantId).first()).toEqual({
      rfc: null,
    })
    // A refused form never sends the typed key back to the page.
    const withKey = await postForm(SETTINGS, profile({ rfc: 'bad', facturapiKey: KEY }), owner)
    expect(await withKey.text()).not.toContain(KEY)
  })

  it('asks to confirm an RFC whose check digit does not match, then takes it', async () => {
    const restaurantId = await seedOwner()
    const owner = await staffCookieOf(restaurantId)
    const asked = await postForm(SETTINGS, profile({ rfc: 'GODE561231GR7' }), owner)
    expect(asked.status).toBe(400)
    expect(await asked.text()).toContain('confirmRfc')
    expect((await postForm(SETTINGS, profile({ rfc: 'GODE561231GR7', confirmRfc: 'on' }), owner)).status).toBe(302)
  })

  it('is the owner’s alone: a manager is refused', async () => {
    const restaurantId = await seedOwner()
    const manager = await staffCookieOf(restaurantId, 'manager')
    expect((await postForm(SETTINGS, profile(), manager)).status).toBe(403)
  })
})
