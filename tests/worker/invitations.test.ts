import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { Role } from '~/domain/permissions'
import { DEFAULT_LIMITS } from '~/server/env.server'
import { newToken } from '~/server/crypto.server'
import { fromAddress, getPage, mailedToken, postForm, seedMember, seedOwner, type SeededMember } from './fixtures'
import { call } from './staff'

/*
 * An invitation's link (/admin/join/<token>) through the forms a person
 * sends: accepted once, by the account it was sent to or by a new one; every
 * other link (expired, used, cancelled, resent, guessed, another account's)
 * opens nothing and changes nothing.
 */

const TEAM = '/admin/dashboard/team'
const PASSWORD = 'mole-poblano-2026'

/** A restaurant whose owner invites `email` with `role`; answers the mailed link's path. */
async function invitation(role: Role = 'waiter', email = `invitada-${crypto.randomUUID().slice(0, 8)}@example.com`) {
  const restaurantId = await seedOwner()
  const owner = await seedMember(restaurantId, 'owner')
  const token = await mailedToken(() => postForm(TEAM, { intent: 'invite', email, role }, owner.cookie), '/admin/join')
  return { restaurantId, owner, email, link: `/admin/join/${token}` }
}

const personWith = (email: string) =>
  env.DB.prepare('SELECT id, name FROM users WHERE email = ?').bind(email).all<{ id: string; name: string }>()

const membershipOf = async (restaurantId: string, userId: string) =>
  (
    await env.DB.prepare('SELECT role FROM memberships WHERE restaurant_id = ? AND user_id = ?')
      .bind(restaurantId, userId)
      .first<{ role: Role }>()
  )?.role ?? null

const stateOf = (email: string) =>
  env.DB.prepare(
    'SELECT accepted_at AS acceptedAt, cancelled_at AS cancelledAt, expires_at AS expiresAt FROM invitations WHERE email = ? ORDER BY created_at DESC',
  )
    .bind(email)
    .first<{ acceptedAt: number | null; cancelledAt: number | null; expiresAt: number }>()

const invitationId = async (email: string) =>
  (await env.DB.prepare('SELECT id FROM invitations WHERE email = ?').bind(email).first<{ id: string }>())!.id

const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0]!

/** Who the dashboard's header says is signed in, and their role in the restaurant it shows. */
const signedInAs = (html: string) =>
  /data-testid="signed-in-as">(.*?)<\/span>/.exec(html)?.[1]?.replaceAll('<!-- -->', '')

/** The page says the link opens nothing, with the status it answered. */
async function closed(response: Response) {
  return { status: response.status, invalid: (await response.text()).includes('Esta invitación ya no sirve') }
}

describe('an invitation for a person without an account', () => {
  it('sets their name and password, makes them a member with the role, signs them in there; the link then opens nothing', async () => {
    const { restaurantId, owner, email, link } = await invitation('waiter')
    const page = await getPage(link)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Únete a Fonda de Prueba')
    expect(html).toContain(`${owner.name} te invitó como Mesero.`)
    expect(html).toContain(email)

    const joined = await postForm(link, { name: 'Rosa Mesera', password: PASSWORD })
    expect(joined.status).toBe(302)
    expect(joined.headers.get('Location')).toBe('/admin')
    const cookie = cookieOf(joined)
    const dashboard = await getPage('/admin/dashboard', cookie)
    expect(dashboard.status).toBe(200)
    expect(signedInAs(await dashboard.text())).toBe('Rosa Mesera · Mesero')

    const { results: people } = await personWith(email)
    expect(people).toEqual([{ id: expect.any(String), name: 'Rosa Mesera' }])
    expect(await membershipOf(restaurantId, people[0]!.id)).toBe('waiter')
    expect((await stateOf(email))?.acceptedAt).toEqual(expect.any(Number))
    expect((await call('POST', '/api/auth/login', { email, password: PASSWORD })).status).toBe(200)
    const log = await env.DB.prepare(
      `SELECT user_id AS userId, actor_name AS actorName FROM change_log WHERE restaurant_id = ? AND action = 'team.join.waiter'`,
    )
      .bind(restaurantId)
      .first()
    expect(log).toEqual({ userId: people[0]!.id, actorName: 'Rosa Mesera' })

    // Used: the link opens nothing, and a second account is never made with it.
    expect(await closed(await getPage(link))).toEqual({ status: 410, invalid: true })
    expect(await closed(await postForm(link, { name: 'Otra Persona', password: PASSWORD }))).toEqual({
      status: 410,
      invalid: true,
    })
    expect((await personWith(email)).results).toHaveLength(1)
  })

  it('two tabs sending the form at once make one account', async () => {
    const { restaurantId, email, link } = await invitation('manager')
    const answers = await Promise.all([
      postForm(link, { name: 'Tab Uno', password: PASSWORD }),
      postForm(link, { name: 'Tab Dos', password: PASSWORD }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 410])
    const { results: people } = await personWith(email)
    expect(people).toHaveLength(1)
    expect(await membershipOf(restaurantId, people[0]!.id)).toBe('manager')
  })

  it('answers a short password or no name with the form’s errors, nothing made, the link still open', async () => {
    const { email, link } = await invitation()
    const refused = await postForm(link, { name: '', password: 'corta' })
    expect(refused.status).toBe(400)
    const html = await refused.text()
    expect(html).toContain('La contraseña debe tener al menos 8 caracteres')
    expect(html).not.toContain('value="corta"')
    expect((await personWith(email)).results).toEqual([])
    expect((await getPage(link)).status).toBe(200)
  })
})

describe('links that open nothing', () => {
  it('an expired link: 410, nothing made, the team page lists it as expired', async () => {
    const { owner, email, link } = await invitation()
    // Seven days pass.
    await env.DB.prepare('UPDATE invitations SET expires_at = ? WHERE email = ?')
      .bind(Date.now() - 1, email)
      .run()
    expect(await closed(await getPage(link))).toEqual({ status: 410, invalid: true })
    expect(await closed(await postForm(link, { name: 'Tarde', password: PASSWORD }))).toEqual({
      status: 410,
      invalid: true,
    })
    expect((await personWith(email)).results).toEqual([])
    expect((await stateOf(email))?.acceptedAt).toBeNull()
    expect(await (await getPage(TEAM, owner.cookie)).text()).toContain('Venció el')
  })

  it('a cancelled invitation: its link opens nothing, and it leaves the pending list', async () => {
    const { owner, email, link } = await invitation()
    const cancelled = await postForm(TEAM, { intent: 'cancel', invitationId: await invitationId(email) }, owner.cookie)
    expect(cancelled.status).toBe(302)
    expect(await closed(await getPage(link))).toEqual({ status: 410, invalid: true })
    expect(await closed(await postForm(link, { name: 'Nadie', password: PASSWORD }))).toEqual({
      status: 410,
      invalid: true,
    })
    expect((await personWith(email)).results).toEqual([])
    expect(await (await getPage(TEAM, owner.cookie)).text()).not.toContain(email)
  })

  it('a resent invitation: a fresh link for 7 more days; the old one no longer opens', async () => {
    const { owner, email, link } = await invitation()
    await env.DB.prepare('UPDATE invitations SET expires_at = ? WHERE email = ?')
      .bind(Date.now() - 1, email)
      .run()
    const id = await invitationId(email)
    const token = await mailedToken(
      () => postForm(TEAM, { intent: 'resend', invitationId: id }, owner.cookie),
      '/admin/join',
    )
    expect(`/admin/join/${token}`).not.toBe(link)
    expect(Math.abs((await stateOf(email))!.expiresAt - (Date.now() + 7 * 24 * 60 * 60 * 1000))).toBeLessThan(60_000)
    // Its id was the old token's hash: the old link is now as unknown as a guessed one.
    expect(await closed(await getPage(link))).toEqual({ status: 404, invalid: true })
    expect((await getPage(`/admin/join/${token}`)).status).toBe(200)
  })

  it('a guessed or malformed link: 404; guesses from one address are limited (429), a real link from elsewhere still opens', async () => {
    const { link } = await invitation()
    const guesser = fromAddress()
    for (let i = 0; i < DEFAULT_LIMITS.invitationMissesPerAddress.limit; i++) {
      const guessed = await getPage(`/admin/join/${i % 2 ? newToken() : 'no-es-un-token'}`, undefined, guesser)
      expect(guessed.status).toBe(404)
      expect(await guessed.text()).toContain('Esta invitación ya no sirve')
    }
    const limited = await getPage(`/admin/join/${newToken()}`, undefined, guesser)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBe(String(DEFAULT_LIMITS.invitationMissesPerAddress.windowSeconds))
    // Once used up, not even a real link opens from that address; from another it does.
    expect((await getPage(link, undefined, guesser)).status).toBe(429)
    expect((await getPage(link, undefined, fromAddress())).status).toBe(200)
  })
})

describe('an invitation for a person with an account', () => {
  /** A person with a PIN at the restaurant they work in, invited to another. */
  async function invitedPersonWithPin() {
    const elsewhere = await seedOwner()
    const person = await seedMember(elsewhere, 'waiter', 'Dora Tablet')
    expect((await postForm('/admin/pin', { pin: '2468', confirm: '2468' }, person.cookie)).status).toBe(302)
    return { person: { ...person, restaurantId: elsewhere }, ...(await invitation('waiter', person.email)) }
  }

  /** A person who works in another restaurant, invited here as a manager. */
  async function invitedPerson() {
    const person = await seedMember(await seedOwner(), 'owner', 'Pablo Otro')
    return { person, ...(await invitation('manager', person.email)) }
  }

  it('asks them to sign in with it; a new account with that email is refused (409), nothing changed', async () => {
    const { person, restaurantId, email, link } = await invitedPerson()
    const page = await getPage(link)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(`Ya tienes una cuenta con ${email}: entra con ella para unirte.`)
    expect(html).toContain(`/admin/login?redirectTo=${encodeURIComponent(link)}`)
    const refused = await postForm(link, { name: 'Impostor', password: PASSWORD })
    expect(refused.status).toBe(409)
    expect(await refused.text()).toContain('Ya tienes una cuenta con')
    expect((await personWith(email)).results).toEqual([{ id: person.userId, name: 'Pablo Otro' }])
    expect(await membershipOf(restaurantId, person.userId)).toBeNull()
    // The invitation is still theirs to accept.
    expect((await stateOf(email))?.acceptedAt).toBeNull()
  })

  it('signed in with it, they join with a button and work there from then on, keeping their other restaurant', async () => {
    const { person, restaurantId, link } = await invitedPerson()
    const page = await getPage(link, person.cookie)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`Unirme como ${person.email}`)
    const joined = await postForm(link, {}, person.cookie)
    expect(joined.status).toBe(302)
    expect(joined.headers.get('Location')).toBe('/admin')
    expect(await membershipOf(restaurantId, person.userId)).toBe('manager')
    const session = await env.DB.prepare(
      'SELECT count(*) AS n FROM auth_sessions WHERE user_id = ? AND restaurant_id = ?',
    )
      .bind(person.userId, restaurantId)
      .first<{ n: number }>()
    expect(session?.n).toBe(1)
    expect(signedInAs(await (await getPage('/admin/dashboard', person.cookie)).text())).toBe('Pablo Otro · Gerente')
    const places = await env.DB.prepare('SELECT count(*) AS n FROM memberships WHERE user_id = ?')
      .bind(person.userId)
      .first<{ n: number }>()
    expect(places?.n).toBe(2)
    expect(await closed(await postForm(link, {}, person.cookie))).toEqual({ status: 410, invalid: true })
  })

  it('signed in as another account: the page says the invitation is another’s (403), and nothing changes', async () => {
    const { restaurantId, email, link } = await invitation('manager')
    const someoneElse: SeededMember = await seedMember(await seedOwner(), 'waiter', 'Otra Cuenta')
    const page = await getPage(link, someoneElse.cookie)
    expect(page.status).toBe(403)
    expect(await page.text()).toContain(`Esta invitación es para ${email}.`)
    for (const fields of [{}, { name: 'Otra Cuenta', password: PASSWORD }] as Record<string, string>[]) {
      const refused = await postForm(link, fields, someoneElse.cookie)
      expect(refused.status).toBe(403)
    }
    expect(await membershipOf(restaurantId, someoneElse.userId)).toBeNull()
    expect((await personWith(email)).results).toEqual([])
    expect((await stateOf(email))?.acceptedAt).toBeNull()
  })

  it('on the restaurant’s shared device, even unlocked by the invited person, nobody joins: 403, nothing changes', async () => {
    const { person, restaurantId, link } = await invitedPersonWithPin()
    const tablet = (await seedMember(person.restaurantId, 'manager', 'Tableta')).cookie
    expect((await postForm('/admin/devices', {}, tablet)).status).toBe(302)
    await postForm('/admin/device', { intent: 'unlock', member: person.userId, pin: '2468' }, tablet)
    expect((await getPage(link, tablet)).status).toBe(403)
    expect((await postForm(link, {}, tablet)).status).toBe(403)
    expect(await membershipOf(restaurantId, person.userId)).toBeNull()
  })
})
