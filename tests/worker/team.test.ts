import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { livePath, SESSION_ENDED } from '~/domain/live'
import type { Role } from '~/domain/permissions'
import type { Principal } from '~/server/auth/guard.server'
import { findSession } from '~/server/auth/session.server'
import { hashToken } from '~/server/auth/tokens.server'
import { newToken } from '~/server/crypto.server'
import { getDb } from '~/server/db/client.server'
import { changeRole, removeMember } from '~/server/team/members.server'
import { getPage, mailedToken, mailsTo, ORIGIN, postForm, seedMember, seedOwner, type SeededMember } from './fixtures'
import { connect } from './sockets'
import { call } from './staff'

/*
 * The team page through the forms a person sends: who may see it, who may
 * invite, change or remove whom, what a change ends at once, and the last
 * owner. Invitations' links are in invitations.test.ts.
 */

const TEAM = '/admin/dashboard/team'

/** A restaurant with its one owner, a manager and two waiters, each signed in. */
async function restaurant() {
  const restaurantId = await seedOwner()
  const [owner, manager, waiter, otherWaiter] = await Promise.all([
    seedMember(restaurantId, 'owner'),
    seedMember(restaurantId, 'manager', 'Marco Gerente'),
    seedMember(restaurantId, 'waiter', 'Wendy Mesera'),
    seedMember(restaurantId, 'waiter', 'Ximena Mesera'),
  ])
  return { restaurantId, owner: owner!, manager: manager!, waiter: waiter!, otherWaiter: otherWaiter! }
}

const roleOf = async (restaurantId: string, userId: string) =>
  (
    await env.DB.prepare('SELECT role FROM memberships WHERE restaurant_id = ? AND user_id = ?')
      .bind(restaurantId, userId)
      .first<{ role: Role }>()
  )?.role ?? null

const rolesOf = async (restaurantId: string, ...people: SeededMember[]) =>
  Promise.all(people.map((person) => roleOf(restaurantId, person.userId)))

const ownersOf = async (restaurantId: string) =>
  (
    await env.DB.prepare(`SELECT count(*) AS n FROM memberships WHERE restaurant_id = ? AND role = 'owner'`)
      .bind(restaurantId)
      .first<{ n: number }>()
  )?.n

const sessionsOf = async (userId: string, restaurantId: string) =>
  (
    await env.DB.prepare('SELECT count(*) AS n FROM auth_sessions WHERE user_id = ? AND restaurant_id = ?')
      .bind(userId, restaurantId)
      .first<{ n: number }>()
  )?.n

const logOf = async (restaurantId: string) =>
  (
    await env.DB.prepare(
      'SELECT action, subject, user_id AS userId, actor_name AS actorName FROM change_log WHERE restaurant_id = ? ORDER BY created_at, rowid',
    )
      .bind(restaurantId)
      .all<{ action: string; subject: string | null; userId: string; actorName: string }>()
  ).results

const invitationsTo = async (email: string) =>
  (
    await env.DB.prepare(
      'SELECT role, accepted_at AS acceptedAt, cancelled_at AS cancelledAt FROM invitations WHERE email = ?',
    )
      .bind(email)
      .all<{ role: Role; acceptedAt: number | null; cancelledAt: number | null }>()
  ).results

const newEmail = (who: string) => `${who}-${crypto.randomUUID().slice(0, 8)}@example.com`

const staffSocket = (member: SeededMember) => connect(livePath.restaurant, { Origin: ORIGIN, Cookie: member.cookie })

/** The member's principal, as the guard answers it for their session. */
async function principalOf(member: SeededMember): Promise<Principal> {
  const session = await hashToken(member.cookie.split('=')[1]!)
  const found = await findSession(getDb(env.DB), session)
  return { person: found!.person!, ...found!.membership!, session, device: false }
}

/** Whether the member's cookie still opens a staff page, or sends them to sign in. */
async function signedOut(member: SeededMember) {
  const page = await getPage('/admin/dashboard', member.cookie)
  return page.status === 302 && (page.headers.get('Location') ?? '').startsWith('/admin/login')
}

describe('the team page', () => {
  it('shows an owner every member with their role, marks them "Tú", and lets them give any role', async () => {
    const { owner, manager, waiter } = await restaurant()
    const page = await getPage(TEAM, owner.cookie)
    expect(page.status).toBe(200)
    const html = await page.text()
    for (const member of [owner, manager, waiter]) expect(html).toContain(member.name)
    expect(html).toContain('Tú')
    expect(html).toContain('Gerente')
    expect(html).toContain('Mesero')
    expect(html).toContain('<option value="owner">')
    // Their own row has no role form: one's role is another owner's to change.
    expect(html).not.toContain(`Rol de ${owner.name}`)
    expect(html).toContain(`Rol de ${manager.name}`)
  })

  it('shows a manager the team, with forms for the waiters only and only the waiter role to give', async () => {
    const { manager, owner, waiter } = await restaurant()
    const page = await getPage(TEAM, manager.cookie)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(owner.name)
    expect(html).toContain(`Rol de ${waiter.name}`)
    expect(html).not.toContain(`Rol de ${owner.name}`)
    expect(html).not.toContain('<option value="owner">')
    expect(html).not.toContain('<option value="manager">')
  })

  it('is refused to a waiter (403 in their language), its forms too, nothing changed', async () => {
    const { restaurantId, waiter, otherWaiter, manager } = await restaurant()
    const page = await getPage(TEAM, waiter.cookie)
    expect(page.status).toBe(403)
    expect(await page.text()).toContain('Tu rol en este restaurante no permite hacer esto')
    const email = newEmail('amigo')
    const forms: Record<string, string>[] = [
      { intent: 'invite', email, role: 'waiter' },
      { intent: 'role', userId: otherWaiter.userId, role: 'manager' },
      { intent: 'remove', userId: otherWaiter.userId },
    ]
    for (const form of forms) expect((await postForm(TEAM, form, waiter.cookie)).status).toBe(403)
    expect(await invitationsTo(email)).toEqual([])
    expect(await mailsTo(email)).toBe(0)
    expect(await rolesOf(restaurantId, otherWaiter, manager)).toEqual(['waiter', 'manager'])
    expect(await logOf(restaurantId)).toEqual([])
  })
})

describe('inviting', () => {
  it('an owner invites a manager and a waiter: a 7-day link each, mailed with the inviter’s name and the role, listed, logged', async () => {
    const { restaurantId, owner } = await restaurant()
    const [managerEmail, waiterEmail] = [newEmail('gerente'), newEmail('mesero')]
    for (const [email, role] of [
      [managerEmail, 'manager'],
      [waiterEmail, 'waiter'],
    ] as const) {
      const sent = await postForm(TEAM, { intent: 'invite', email, role }, owner.cookie)
      expect(sent.status).toBe(302)
      expect(sent.headers.get('Location')).toBe(TEAM)
      expect(await invitationsTo(email)).toEqual([{ role, acceptedAt: null, cancelledAt: null }])
    }
    const row = await env.DB.prepare('SELECT expires_at AS expiresAt FROM invitations WHERE email = ?')
      .bind(managerEmail)
      .first<{ expiresAt: number }>()
    expect(Math.abs(row!.expiresAt - (Date.now() + 7 * 24 * 60 * 60 * 1000))).toBeLessThan(60_000)
    const mail = await env.DB.prepare('SELECT subject, body FROM mail_outbox WHERE to_address = ?')
      .bind(managerEmail)
      .first<{ subject: string; body: string }>()
    expect(mail?.subject).toBe('Te invitaron a Fonda de Prueba en Mesa')
    expect(mail?.body).toContain(`${owner.name} te invitó a unirte a Fonda de Prueba en Mesa como Gerente`)
    // The outbox keeps the mail without its link's token.
    expect(mail?.body).toContain('/admin/join/[oculto / hidden]')

    const html = await (await getPage(TEAM, owner.cookie)).text()
    expect(html).toContain(managerEmail)
    expect(html).toContain(waiterEmail)
    expect(await logOf(restaurantId)).toEqual([
      { action: 'team.invite.manager', subject: managerEmail, userId: owner.userId, actorName: owner.name },
      { action: 'team.invite.waiter', subject: waiterEmail, userId: owner.userId, actorName: owner.name },
    ])
  })

  it('mails the invitation in the inviter’s language', async () => {
    const { owner } = await restaurant()
    const email = newEmail('guest')
    await postForm(TEAM, { intent: 'invite', email, role: 'waiter' }, owner.cookie, {
      'Accept-Language': 'en-US,en;q=0.9',
    })
    const mail = await env.DB.prepare('SELECT subject, body FROM mail_outbox WHERE to_address = ?')
      .bind(email)
      .first<{ subject: string; body: string }>()
    expect(mail?.subject).toBe('You are invited to Fonda de Prueba on Mesa')
    expect(mail?.body).toContain(`${owner.name} invited you to join Fonda de Prueba on Mesa as Waiter`)
  })

  it('a manager invites a waiter, but inviting a manager or an owner is refused (403), nothing stored or sent', async () => {
    const { restaurantId, manager } = await restaurant()
    for (const role of ['manager', 'owner']) {
      const email = newEmail(role)
      const refused = await postForm(TEAM, { intent: 'invite', email, role }, manager.cookie)
      expect(refused.status).toBe(403)
      expect(await invitationsTo(email)).toEqual([])
      expect(await mailsTo(email)).toBe(0)
    }
    const email = newEmail('mesero')
    const token = await mailedToken(
      () => postForm(TEAM, { intent: 'invite', email, role: 'waiter' }, manager.cookie),
      '/admin/join',
    )
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await invitationsTo(email)).toEqual([{ role: 'waiter', acceptedAt: null, cancelledAt: null }])
    expect((await logOf(restaurantId)).map((entry) => entry.action)).toEqual(['team.invite.waiter'])
  })

  it('a manager cannot resend or cancel an invitation of a manager (403), only of a waiter', async () => {
    const { owner, manager } = await restaurant()
    const [managerEmail, waiterEmail] = [newEmail('gerente'), newEmail('mesero')]
    await postForm(TEAM, { intent: 'invite', email: managerEmail, role: 'manager' }, owner.cookie)
    await postForm(TEAM, { intent: 'invite', email: waiterEmail, role: 'waiter' }, owner.cookie)
    const idOf = async (email: string) =>
      (await env.DB.prepare('SELECT id FROM invitations WHERE email = ?').bind(email).first<{ id: string }>())!.id
    const managers = await idOf(managerEmail)
    for (const intent of ['resend', 'cancel'])
      expect((await postForm(TEAM, { intent, invitationId: managers }, manager.cookie)).status).toBe(403)
    expect(await idOf(managerEmail)).toBe(managers)
    expect(await invitationsTo(managerEmail)).toEqual([{ role: 'manager', acceptedAt: null, cancelledAt: null }])
    expect(await mailsTo(managerEmail)).toBe(1)
    const cancelled = await postForm(TEAM, { intent: 'cancel', invitationId: await idOf(waiterEmail) }, manager.cookie)
    expect(cancelled.status).toBe(302)
    expect((await invitationsTo(waiterEmail))[0]?.cancelledAt).toEqual(expect.any(Number))
  })

  it('refuses to invite someone already on the team (409), and a second invitation to one email replaces the first', async () => {
    const { owner, waiter } = await restaurant()
    const already = await postForm(TEAM, { intent: 'invite', email: waiter.email, role: 'manager' }, owner.cookie)
    expect(already.status).toBe(409)
    expect(await already.text()).toContain('Esa persona ya es parte del equipo.')
    expect(await invitationsTo(waiter.email)).toEqual([])

    const email = newEmail('dos-veces')
    await postForm(TEAM, { intent: 'invite', email, role: 'waiter' }, owner.cookie)
    await postForm(TEAM, { intent: 'invite', email, role: 'manager' }, owner.cookie)
    const rows = await invitationsTo(email)
    expect(rows.filter((row) => row.cancelledAt === null)).toEqual([
      { role: 'manager', acceptedAt: null, cancelledAt: null },
    ])
    expect(rows).toHaveLength(2)
  })

  it('answers a form that is not valid with its errors (400), nothing stored', async () => {
    const { owner } = await restaurant()
    const bad = await postForm(TEAM, { intent: 'invite', email: 'no-es-correo', role: 'waiter' }, owner.cookie)
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Correo electrónico inválido')
    const noRole = await postForm(TEAM, { intent: 'invite', email: newEmail('x'), role: 'chef' }, owner.cookie)
    expect(noRole.status).toBe(400)
  })
})

describe('changing roles and removing members', () => {
  it('a manager cannot change or remove anyone but a waiter, nor make anyone a manager (403, nothing changed)', async () => {
    const { restaurantId, owner, manager, waiter } = await restaurant()
    const otherManager = await seedMember(restaurantId, 'manager', 'Otro Gerente')
    const forms: Record<string, string>[] = [
      { intent: 'role', userId: owner.userId, role: 'waiter' },
      { intent: 'role', userId: otherManager.userId, role: 'waiter' },
      { intent: 'role', userId: waiter.userId, role: 'manager' },
      { intent: 'role', userId: waiter.userId, role: 'owner' },
      { intent: 'role', userId: manager.userId, role: 'waiter' },
      { intent: 'remove', userId: owner.userId },
      { intent: 'remove', userId: otherManager.userId },
      { intent: 'remove', userId: manager.userId },
    ]
    for (const form of forms)
      expect((await postForm(TEAM, form, manager.cookie)).status, JSON.stringify(form)).toBe(403)
    expect(await rolesOf(restaurantId, owner, manager, otherManager, waiter)).toEqual([
      'owner',
      'manager',
      'manager',
      'waiter',
    ])
    expect(await logOf(restaurantId)).toEqual([])
    expect(await signedOut(waiter)).toBe(false)
  })

  it('removing a member signs out their next request and closes their open live screen at once; logged', async () => {
    const { restaurantId, manager, waiter, otherWaiter } = await restaurant()
    // The waiter also works in another restaurant: that session is not this restaurant's to end.
    const elsewhere = await seedOwner()
    const token = newToken()
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO memberships (id, restaurant_id, user_id, role, created_at) VALUES (?, ?, ?, 'waiter', ?)`,
      ).bind(crypto.randomUUID(), elsewhere, waiter.userId, Date.now()),
      env.DB.prepare(
        'INSERT INTO auth_sessions (id, user_id, restaurant_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
      ).bind(await hashToken(token), waiter.userId, elsewhere, Date.now() + 3_600_000, Date.now()),
    ])
    const [socket, staying] = [await staffSocket(waiter), await staffSocket(otherWaiter)]
    expect(socket.response.status).toBe(101)

    const removed = await postForm(TEAM, { intent: 'remove', userId: waiter.userId }, manager.cookie)
    expect(removed.status).toBe(302)
    expect(removed.headers.get('Location')).toBe(TEAM)
    expect(await socket.closed).toBe(SESSION_ENDED)
    expect(await signedOut(waiter)).toBe(true)
    expect((await call('GET', '/api/tables/active', undefined, waiter.cookie)).status).toBe(401)
    expect(await roleOf(restaurantId, waiter.userId)).toBeNull()
    expect(await sessionsOf(waiter.userId, restaurantId)).toBe(0)
    expect((await getPage('/admin/dashboard', `mesa_session=${token}`)).status).toBe(200)
    expect(await logOf(restaurantId)).toEqual([
      { action: 'team.remove', subject: waiter.userId, userId: manager.userId, actorName: manager.name },
    ])
    // Everyone else stays: their screen still hears the restaurant.
    expect(await signedOut(otherWaiter)).toBe(false)
    const arriving = staying.next()
    const table = (await (await call('POST', '/api/tables', { tableNumber: '9' }, manager.cookie)).json()) as {
      id: string
    }
    await call('POST', '/api/items', { tableId: table.id, name: 'Café', price: 30 }, manager.cookie)
    expect(await arriving).toMatchObject({ change: 'items', tableId: table.id })
    staying.close()
  })

  it('on the restaurant’s shared device a role change or a removal ends only that member’s turn: it locks and stays the restaurant’s, even when they set it up', async () => {
    const { restaurantId, owner, manager, waiter } = await restaurant()
    expect((await postForm('/admin/pin', { pin: '1234', confirm: '1234' }, waiter.cookie)).status).toBe(302)
    // The manager's session becomes the tablet on the floor; the waiter unlocks it with their PIN.
    const tablet = manager.cookie
    expect((await postForm('/admin/devices', {}, tablet)).status).toBe(302)
    await postForm('/admin/device', { intent: 'unlock', member: waiter.userId, pin: '1234' }, tablet)
    expect((await getPage('/admin/dashboard', tablet)).status).toBe(200)
    const socket = await connect(livePath.restaurant, { Origin: ORIGIN, Cookie: tablet })
    expect(socket.response.status).toBe(101)

    // A new role ends their turn as well: the tablet locks, and their screen on it closes.
    const changed = await postForm(TEAM, { intent: 'role', userId: waiter.userId, role: 'manager' }, owner.cookie)
    expect(changed.status).toBe(302)
    expect(await socket.closed).toBe(SESSION_ENDED)
    expect((await getPage('/admin/dashboard', tablet)).headers.get('Location')).toBe('/admin/device')

    await postForm('/admin/device', { intent: 'unlock', member: waiter.userId, pin: '1234' }, tablet)
    expect((await getPage('/admin/dashboard', tablet)).status).toBe(200)
    expect((await postForm(TEAM, { intent: 'remove', userId: waiter.userId }, owner.cookie)).status).toBe(302)
    expect((await getPage('/admin/dashboard', tablet)).headers.get('Location')).toBe('/admin/device')

    expect((await postForm(TEAM, { intent: 'remove', userId: manager.userId }, owner.cookie)).status).toBe(302)
    expect((await getPage('/admin/device', tablet)).status).toBe(200)
    expect(await roleOf(restaurantId, manager.userId)).toBeNull()
  })

  it('changing a role ends that person’s sessions here and closes their live screen at once; logged', async () => {
    const { restaurantId, owner, manager } = await restaurant()
    const socket = await staffSocket(manager)
    expect(socket.response.status).toBe(101)
    const changed = await postForm(TEAM, { intent: 'role', userId: manager.userId, role: 'waiter' }, owner.cookie)
    expect(changed.status).toBe(302)
    expect(await socket.closed).toBe(SESSION_ENDED)
    expect(await roleOf(restaurantId, manager.userId)).toBe('waiter')
    expect(await sessionsOf(manager.userId, restaurantId)).toBe(0)
    expect(await signedOut(manager)).toBe(true)
    expect(await logOf(restaurantId)).toEqual([
      { action: 'team.role.waiter', subject: manager.userId, userId: owner.userId, actorName: owner.name },
    ])
  })

  it('nobody changes their own role, an owner neither (403, nothing changed)', async () => {
    const { restaurantId, owner } = await restaurant()
    const second = await seedMember(restaurantId, 'owner', 'Segunda Dueña')
    const refused = await postForm(TEAM, { intent: 'role', userId: owner.userId, role: 'manager' }, owner.cookie)
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain('Tu propio rol lo cambia otro dueño.')
    expect(await rolesOf(restaurantId, owner, second)).toEqual(['owner', 'owner'])
    expect(await signedOut(owner)).toBe(false)
  })

  it('the last owner cannot leave (409); with another owner they can, and are signed out here', async () => {
    const { restaurantId, owner } = await restaurant()
    // The page does not offer it; the server refuses it all the same.
    expect(await (await getPage(TEAM, owner.cookie)).text()).not.toContain(`?remove=${owner.userId}`)
    const alone = await postForm(TEAM, { intent: 'remove', userId: owner.userId }, owner.cookie)
    expect(alone.status).toBe(409)
    expect(await alone.text()).toContain('El restaurante necesita al menos un dueño')
    expect(await roleOf(restaurantId, owner.userId)).toBe('owner')
    expect(await signedOut(owner)).toBe(false)

    const second = await seedMember(restaurantId, 'owner', 'Segunda Dueña')
    expect(await (await getPage(TEAM, owner.cookie)).text()).toContain(`?remove=${owner.userId}`)
    const left = await postForm(TEAM, { intent: 'remove', userId: owner.userId }, owner.cookie)
    expect(left.status).toBe(302)
    expect(left.headers.get('Location')).toBe('/admin/login')
    expect(await roleOf(restaurantId, owner.userId)).toBeNull()
    expect(await signedOut(owner)).toBe(true)
    // Now the second is the last one.
    const last = await postForm(TEAM, { intent: 'remove', userId: second.userId }, second.cookie)
    expect(last.status).toBe(409)
    expect(await ownersOf(restaurantId)).toBe(1)
    expect((await logOf(restaurantId)).map((entry) => entry.action)).toEqual(['team.leave'])
  })

  it('two owners demoting each other at once leave one owner; two removing each other too', async () => {
    for (const change of ['role', 'remove'] as const) {
      const restaurantId = await seedOwner()
      const [first, second] = [await seedMember(restaurantId, 'owner'), await seedMember(restaurantId, 'owner', 'Bea')]
      const form = (target: SeededMember): Record<string, string> =>
        change === 'role'
          ? { intent: change, userId: target.userId, role: 'manager' }
          : { intent: change, userId: target.userId }
      const answers = await Promise.all([
        postForm(TEAM, form(second), first.cookie),
        postForm(TEAM, form(first), second.cookie),
      ])
      expect(await ownersOf(restaurantId), change).toBe(1)
      const written = answers.filter((answer) => answer.headers.get('Location') === TEAM)
      expect(written, change).toHaveLength(1)
      // The other was refused: the last owner (409), their role already gone (403), or their session already ended.
      for (const answer of answers.filter((answer) => answer !== written[0]))
        expect([409, 403, 302], change).toContain(answer.status)
      expect(await logOf(restaurantId), change).toHaveLength(1)
    }
  })

  it('two owners both past the page’s checks, each demoting or removing the other at once: one write, one LAST_OWNER', async () => {
    // The forms above may meet one after the other; here both writes surely come after both checks.
    for (const write of [
      (principal: Principal, target: SeededMember) => changeRole(env, principal, target.userId, 'manager'),
      (principal: Principal, target: SeededMember) => removeMember(env, principal, target.userId),
    ]) {
      const restaurantId = await seedOwner()
      const [first, second] = [await seedMember(restaurantId, 'owner'), await seedMember(restaurantId, 'owner', 'Bea')]
      const [firstActs, secondActs] = [await principalOf(first), await principalOf(second)]
      const results = await Promise.all([write(firstActs, second), write(secondActs, first)])
      expect(results.filter((result) => result.ok)).toHaveLength(1)
      expect(results.find((result) => !result.ok)).toMatchObject({ ok: false, member: { role: 'owner' } })
      expect(await ownersOf(restaurantId)).toBe(1)
    }
  })
})
