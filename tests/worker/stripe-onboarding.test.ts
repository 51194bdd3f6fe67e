import { env, SELF } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { getPage, ORIGIN, postForm } from './fixtures'
import { completeOnboarding, platform, standInSwitch } from './stripe-fixtures'
import { signedInOwner } from './staff'

const SETTINGS = '/admin/dashboard/settings'

const stateShown = async (cookie: string, path = SETTINGS) => {
  const page = await getPage(path, cookie)
  expect(page.status).toBe(200)
  return /data-testid="stripe-state"[^>]*>([^<]*)</.exec(await page.text())?.[1]
}
const accountOf = (userId: string) =>
  env.DB.prepare(
    'SELECT stripe_account_id AS id, stripe_charges_enabled AS charges, stripe_details_submitted AS details, unconnected_payments AS unconnected FROM restaurants WHERE id = ?',
  )
    .bind(userId)
    .first<{ id: string | null; charges: number; details: number; unconnected: string }>()

/** The owner presses "Conectar con Stripe": where the answer sends them. */
async function connect(cookie: string) {
  const answer = await postForm(SETTINGS, { intent: 'connect' }, cookie)
  expect(answer.status).toBe(302)
  return answer.headers.get('Location') ?? ''
}

describe('Configuración → Pagos con tarjeta', () => {
  it('connects a restaurant: a Stripe account in Mexico with the owner’s email, then Stripe’s onboarding, back to a page that shows it active', async () => {
    const owner = await signedInOwner()
    expect(await stateShown(owner.cookie)).toBe('Sin cuenta de Stripe')

    const link = await connect(owner.cookie)
    const stored = await accountOf(owner.restaurantId)
    expect(link).toBe(
      `${env.STRIPE_API_BASE}/_standin/onboarding/${stored?.id}?${new URLSearchParams({ return_url: `${ORIGIN}${SETTINGS}?stripe=return`, refresh_url: `${ORIGIN}${SETTINGS}?stripe=refresh` })}`,
    )
    const account = await platform.accounts.retrieve(stored!.id!)
    expect(account).toMatchObject({
      country: 'MX',
      email: owner.account.ownerEmail,
      charges_enabled: false,
      controller: { stripe_dashboard: { type: 'full' }, fees: { payer: 'account' } },
      business_profile: { name: owner.account.restaurantName, mcc: '5812' },
      metadata: { restaurantId: owner.restaurantId },
    })
    // Direct charges ask for card payments alone, not transfers.
    expect(Object.keys(account.capabilities ?? {})).toEqual(['card_payments'])
    // Left halfway: Stripe still needs what onboarding asks for.
    expect(await stateShown(owner.cookie)).toBe('Stripe necesita información')

    const back = await completeOnboarding(link)
    expect(back).toBe(`${ORIGIN}${SETTINGS}?stripe=return`)
    expect(await stateShown(owner.cookie, new URL(back!).pathname + new URL(back!).search)).toBe('Activa')
    expect(await accountOf(owner.restaurantId)).toMatchObject({ charges: 1, details: 1 })
    expect(
      (await platform.paymentMethodDomains.list({}, { stripeAccount: stored!.id! })).data.map(
        (domain) => domain.domain_name,
      ),
    ).toEqual(['mesa.test'])
    const page = await (await getPage(SETTINGS, owner.cookie)).text()
    expect(page).not.toContain('data-testid="stripe-connect"')
  })

  it('reads the account from Stripe each visit: payouts paused and information due show, with the way back to Stripe', async () => {
    const owner = await signedInOwner()
    await completeOnboarding(await connect(owner.cookie))
    const details = async () =>
      /data-testid="stripe-details"[^>]*>(.*?)<\/ul>/s
        .exec((await (await getPage(SETTINGS, owner.cookie)).text()).replaceAll('<!-- -->', ''))?.[1]
        ?.replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    expect(await details()).toBe('Depósitos a tu banco: activos.')
    // Stripe asks for a bank account by a date, and pauses payouts meanwhile; Mesa has heard nothing of it.
    const { id } = (await accountOf(owner.restaurantId))!
    await standInSwitch(`/_standin/accounts/${id}/update`, {
      payouts_enabled: 'false',
      'requirements[currently_due][]': 'external_account',
      'requirements[current_deadline]': String(Math.floor(Date.UTC(2026, 11, 15, 18) / 1000)),
    })
    expect(await stateShown(owner.cookie)).toBe('Activa')
    expect(await details()).toBe(
      'Depósitos a tu banco: en pausa hasta que Stripe tenga lo que pide. Stripe necesita 1 dato más de tu negocio. Antes del 15 de diciembre de 2026, 12:00 p.m., o pausará tus cobros.',
    )
    expect(await (await getPage(SETTINGS, owner.cookie)).text()).toContain('data-testid="stripe-connect"')
  })

  it('keeps one account per restaurant: connecting again goes on with the same one', async () => {
    const owner = await signedInOwner()
    const first = await connect(owner.cookie)
    const again = await connect(owner.cookie)
    expect(new URL(again).pathname).toBe(new URL(first).pathname)
    expect(await (await getPage(SETTINGS, owner.cookie)).text()).toContain('Continuar en Stripe')
  })

  it('gives a fresh onboarding link when Stripe’s has run out, and never makes an account from such a link alone', async () => {
    const owner = await signedInOwner()
    const stranger = await getPage(`${SETTINGS}?stripe=refresh`, owner.cookie)
    expect(stranger.status).toBe(200)
    expect((await accountOf(owner.restaurantId))?.id).toBeNull()

    const first = await connect(owner.cookie)
    const refreshed = await getPage(`${SETTINGS}?stripe=refresh`, owner.cookie)
    expect(refreshed.status).toBe(302)
    expect(new URL(refreshed.headers.get('Location') ?? '').pathname).toBe(new URL(first).pathname)
  })

  it('shows what Stripe last said when it cannot be reached: an account whose details were sent is under review, with nothing for the owner to do', async () => {
    const owner = await signedInOwner()
    await connect(owner.cookie)
    // Stripe does not know this account: as if it could not be asked.
    await env.DB.prepare('UPDATE restaurants SET stripe_details_submitted = 1, stripe_account_id = ? WHERE id = ?')
      .bind(`acct_unknown_${owner.restaurantId}`, owner.restaurantId)
      .run()
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const html = await (await getPage(SETTINGS, owner.cookie)).text()
    log.mockRestore()
    expect(/data-testid="stripe-state"[^>]*>([^<]*)</.exec(html)?.[1]).toBe('En revisión')
    expect(html).not.toContain('data-testid="stripe-connect"')
  })

  it('says so when Stripe refuses to start onboarding, and sends the owner nowhere', async () => {
    const owner = await signedInOwner()
    // An account Stripe does not know: it refuses to make a link for it.
    await env.DB.prepare('UPDATE restaurants SET stripe_account_id = ? WHERE id = ?')
      .bind(`acct_unknown_${owner.restaurantId}`, owner.restaurantId)
      .run()
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const answer = await postForm(SETTINGS, { intent: 'connect' }, owner.cookie)
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe(SETTINGS)
    const cookie = answer.headers.get('Set-Cookie')?.split(';')[0] ?? ''
    expect(await (await getPage(SETTINGS, `${owner.cookie}; ${cookie}`)).text()).toContain(
      'No pudimos conectar con Stripe.',
    )
    // Back from an expired link meanwhile: the page, with its button to try again.
    const refreshed = await getPage(`${SETTINGS}?stripe=refresh`, owner.cookie)
    log.mockRestore()
    expect(refreshed.status).toBe(200)
    expect(await refreshed.text()).toContain('data-testid="stripe-connect"')
  })

  it('saves the owner’s choice for their tables until the account is active, and their open bills follow it', async () => {
    const owner = await signedInOwner()
    const table = (await (
      await SELF.fetch(`${ORIGIN}/api/tables`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN, Cookie: owner.cookie },
        body: JSON.stringify({ tableNumber: '3' }),
      })
    ).json()) as { sessionId: string }
    const noted = async () =>
      (await (await getPage(`/customer/table/${table.sessionId}`)).text()).includes('data-testid="simulated-payments"')
    expect(await noted()).toBe(false)

    const saved = await postForm(SETTINGS, { intent: 'unconnected', unconnectedPayments: 'demo' }, owner.cookie)
    expect(saved.status).toBe(302)
    expect((await accountOf(owner.restaurantId))?.unconnected).toBe('demo')
    expect(await noted()).toBe(true)
    expect(await (await getPage(SETTINGS, owner.cookie)).text()).toMatch(
      /value="demo"[^>]*checked|checked[^>]*value="demo"/,
    )

    expect(
      (await postForm(SETTINGS, { intent: 'unconnected', unconnectedPayments: 'always' }, owner.cookie)).status,
    ).toBe(400)
    expect((await accountOf(owner.restaurantId))?.unconnected).toBe('demo')
  })

  it('is the signed-in owner’s alone', async () => {
    const owner = await signedInOwner()
    expect((await getPage(SETTINGS)).status).toBe(302)
    expect((await postForm(SETTINGS, { intent: 'connect' })).headers.get('Location')).toMatch(/^\/admin\/login/)
    const foreign = await SELF.fetch(`${ORIGIN}${SETTINGS}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://evil.example',
        Cookie: owner.cookie,
      },
      body: 'intent=connect',
      redirect: 'manual',
    })
    expect(foreign.status).toBe(403)
    expect((await accountOf(owner.restaurantId))?.id).toBeNull()
  })

  it('works in English too', async () => {
    const owner = await signedInOwner()
    const html = await (await getPage(`${SETTINGS}?lng=en`, owner.cookie)).text()
    expect(html).toContain('Card payments')
    expect(html).toContain('Connect with Stripe')
  })
})
