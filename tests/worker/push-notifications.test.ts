import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { PushMessage } from '~/domain/schemas/push'
import { pushToMembers } from '~/server/alerts/push.server'
import { PUSH_TTL_SECONDS } from '~/server/alerts/push-sender.server'
import { subscribe, type BrowserSubscription } from '../../stand-ins/push/browser'
import { postForm, seedMember, seedOwner } from './fixtures'
import { call, PASSWORD, signedInOwner } from './staff'

/*
 * The worker project pushes as production does: signed with this run's VAPID
 * keys, to the push service stand-in (vitest.config.ts), which checks the
 * request as a push service does. Each phone here is a browser's side of a
 * subscription made as a browser makes one; it reads what arrived with its
 * own private key.
 */

const alert = (body: string): PushMessage => ({
  title: 'Mesa 4',
  body,
  url: '/admin/tables/mesa-4',
  tag: 'table-mesa-4',
})

/** A new phone, subscribed at the push service for this server's key. */
const newPhone = () => subscribe(env.PUSH_STANDIN!, env.VAPID_PUBLIC_KEY!)

/** The phone's subscription handed to Mesa, as the notifications page does. */
const turnOn = (phone: BrowserSubscription, cookie: string) =>
  call('POST', '/api/push/subscriptions', phone.json, cookie)

const kept = async (endpoint: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?').bind(endpoint).first())?.n

const keptOf = async (userId: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE user_id = ?').bind(userId).first())?.n

const messagesOf = async (phone: BrowserSubscription) =>
  (await phone.received()).messages.map((message) => message.data)

describe('a push to a member', () => {
  it('reaches their phone: VAPID-signed for the endpoint, with a TTL and aes128gcm, and decrypts to the alert', async () => {
    const restaurant = await seedOwner()
    const waiter = await seedMember(restaurant, 'waiter')
    const phone = await newPhone()
    const subscribed = await turnOn(phone, waiter.cookie)
    expect(subscribed.status).toBe(201)
    expect(await subscribed.json()).toEqual({ endpoint: phone.json.endpoint })

    const report = await pushToMembers(env, restaurant, [waiter.userId], alert('Llaman al mesero'))

    expect(report).toEqual({ sent: 1, gone: 0, failed: 0 })
    expect(await phone.received()).toEqual({
      messages: [{ ttl: PUSH_TTL_SECONDS, urgency: 'high', data: alert('Llaman al mesero') }],
      refused: [],
    })
  })

  it('goes to every device of every member named, and to no one else of the restaurant', async () => {
    const restaurant = await seedOwner()
    const waiter = await seedMember(restaurant, 'waiter')
    const manager = await seedMember(restaurant, 'manager')
    const owner = await seedMember(restaurant, 'owner', 'Dueña')
    const [waiterPhone, waiterTablet, managerPhone, ownerPhone] = await Promise.all([
      newPhone(),
      newPhone(),
      newPhone(),
      newPhone(),
    ])
    for (const [phone, member] of [
      [waiterPhone, waiter],
      [waiterTablet, waiter],
      [managerPhone, manager],
      [ownerPhone, owner],
    ] as const)
      expect((await turnOn(phone, member.cookie)).status).toBe(201)

    expect(await pushToMembers(env, restaurant, [waiter.userId, manager.userId], alert('Pagaron'))).toEqual({
      sent: 3,
      gone: 0,
      failed: 0,
    })
    for (const phone of [waiterPhone, waiterTablet, managerPhone])
      expect(await messagesOf(phone)).toEqual([alert('Pagaron')])
    expect(await messagesOf(ownerPhone)).toEqual([])
    expect(await pushToMembers(env, restaurant, [], alert('Nadie'))).toEqual({ sent: 0, gone: 0, failed: 0 })
  })

  it('forgets a device its push service says is gone (410, 404), keeps one that failed (500), and still reaches the rest', async () => {
    const restaurant = await seedOwner()
    const waiter = await seedMember(restaurant, 'waiter')
    const [gone, failing, working] = await Promise.all([newPhone(), newPhone(), newPhone()])
    // A subscription whose endpoint the push service never made (or has dropped) answers 404.
    const unknown = { ...working.json, endpoint: `${env.PUSH_STANDIN}/push/${crypto.randomUUID()}` }
    for (const body of [gone.json, failing.json, working.json, unknown])
      expect((await call('POST', '/api/push/subscriptions', body, waiter.cookie)).status).toBe(201)
    await gone.answerWith(410)
    await failing.answerWith(500)

    const report = await pushToMembers(env, restaurant, [waiter.userId], alert('Posible salida sin pagar'))

    expect(report).toEqual({ sent: 1, gone: 2, failed: 1 })
    expect(await kept(gone.json.endpoint)).toBe(0)
    expect(await kept(unknown.endpoint)).toBe(0)
    expect(await kept(failing.json.endpoint)).toBe(1)
    expect(await messagesOf(working)).toEqual([alert('Posible salida sin pagar')])
  })
})

describe('POST /api/push/subscriptions', () => {
  it('refuses a body that is not a browser subscription: 400 { message, code }, nothing kept', async () => {
    const restaurant = await seedOwner()
    const waiter = await seedMember(restaurant, 'waiter', 'Sin suscripción')
    const { json } = await newPhone()
    for (const [body, message] of [
      [{ ...json, endpoint: json.endpoint.replace('https:', 'http:') }, 'dirección de notificaciones válida'],
      [{ ...json, endpoint: 'not an address' }, 'dirección de notificaciones válida'],
      [{ endpoint: json.endpoint }, 'claves de notificaciones válidas'],
      [{ ...json, keys: { ...json.keys, p256dh: json.keys.auth } }, 'claves de notificaciones válidas'],
      [{ ...json, keys: { ...json.keys, auth: `${json.keys.auth}==` } }, 'claves de notificaciones válidas'],
    ] as const) {
      const refused = await call('POST', '/api/push/subscriptions', body, waiter.cookie)
      expect(refused.status).toBe(400)
      expect(await refused.json()).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringContaining(message) })
    }
    expect(await keptOf(waiter.userId)).toBe(0)
  })

  it('answers 401 to someone not signed in, and keeps nothing', async () => {
    const { json } = await newPhone()
    const refused = await call('POST', '/api/push/subscriptions', json)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.any(String) })
    expect(await kept(json.endpoint)).toBe(0)
  })

  it('is refused on the restaurant’s shared device (403), and a session made the shared device gets no more pushes', async () => {
    const restaurant = await seedOwner()
    const waiter = await seedMember(restaurant, 'waiter', 'Beto Mesero')
    expect((await postForm('/admin/pin', { pin: '1234', confirm: '1234' }, waiter.cookie)).status).toBe(302)
    // A manager's phone session, with notifications on, made the restaurant's tablet.
    const manager = await seedMember(restaurant, 'manager', 'Tableta del piso')
    const phone = await newPhone()
    expect((await turnOn(phone, manager.cookie)).status).toBe(201)
    expect((await postForm('/admin/devices', {}, manager.cookie)).headers.get('Location')).toBe('/admin/device')
    expect(await pushToMembers(env, restaurant, [manager.userId], alert('Para la tableta'))).toEqual({
      sent: 0,
      gone: 0,
      failed: 0,
    })
    expect(await messagesOf(phone)).toEqual([])

    const unlocked = await postForm(
      '/admin/device',
      { intent: 'unlock', member: waiter.userId, pin: '1234' },
      manager.cookie,
    )
    expect(unlocked.status).toBe(302)
    const refused = await turnOn(await newPhone(), manager.cookie)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('compartido') })
    expect(await keptOf(waiter.userId)).toBe(0)
  })
})

describe('DELETE /api/push/subscriptions', () => {
  it('turns the member’s own device off; another member’s endpoint is left as it is', async () => {
    const restaurant = await seedOwner()
    const waiter = await seedMember(restaurant, 'waiter')
    const manager = await seedMember(restaurant, 'manager')
    const [mine, theirs] = await Promise.all([newPhone(), newPhone()])
    expect((await turnOn(mine, waiter.cookie)).status).toBe(201)
    expect((await turnOn(theirs, manager.cookie)).status).toBe(201)

    for (const endpoint of [mine.json.endpoint, theirs.json.endpoint]) {
      const deleted = await call('DELETE', '/api/push/subscriptions', { endpoint }, waiter.cookie)
      expect(deleted.status).toBe(200)
      expect(await deleted.json()).toEqual({ deleted: true })
    }

    expect(await kept(mine.json.endpoint)).toBe(0)
    expect(await kept(theirs.json.endpoint)).toBe(1)
    await pushToMembers(env, restaurant, [waiter.userId, manager.userId], alert('Pedido nuevo'))
    expect(await messagesOf(mine)).toEqual([])
    expect(await messagesOf(theirs)).toEqual([alert('Pedido nuevo')])
  })
})

describe('a device’s notifications end with its session', () => {
  it('signing out removes the subscriptions made in that session; the person’s other sessions keep theirs', async () => {
    const owner = await signedInOwner()
    const login = await call('POST', '/api/auth/login', { email: owner.account.ownerEmail, password: PASSWORD })
    const otherSession = (login.headers.get('Set-Cookie') ?? '').split(';')[0]!
    const [phone, laptop] = await Promise.all([newPhone(), newPhone()])
    expect((await turnOn(phone, owner.cookie)).status).toBe(201)
    expect((await turnOn(laptop, otherSession)).status).toBe(201)

    const loggedOut = await call('POST', '/api/logout', undefined, owner.cookie)
    expect(loggedOut.status).toBe(302)

    expect(await kept(phone.json.endpoint)).toBe(0)
    expect(await kept(laptop.json.endpoint)).toBe(1)
    await pushToMembers(env, owner.restaurantId, [owner.userId], alert('Después de salir'))
    expect(await messagesOf(phone)).toEqual([])
    expect(await messagesOf(laptop)).toEqual([alert('Después de salir')])
  })
})

describe('a member taken off the team', () => {
  it('loses their devices’ notifications with their sessions there, and gets none while any session of theirs lasts', async () => {
    const restaurant = await seedOwner()
    const owner = await seedMember(restaurant, 'owner')
    const removed = await seedMember(restaurant, 'waiter', 'Se va')
    const leaving = await seedMember(restaurant, 'waiter', 'Sin membresía')
    const [removedPhone, leavingPhone] = await Promise.all([newPhone(), newPhone()])
    expect((await turnOn(removedPhone, removed.cookie)).status).toBe(201)
    expect((await turnOn(leavingPhone, leaving.cookie)).status).toBe(201)

    const taken = await postForm('/admin/dashboard/team', { intent: 'remove', userId: removed.userId }, owner.cookie)
    expect(taken.status).toBe(302)
    expect(await kept(removedPhone.json.endpoint)).toBe(0)
    // A membership gone while a session of theirs still stands (it is signed out on its next request): no push either.
    await env.DB.prepare('DELETE FROM memberships WHERE user_id = ?').bind(leaving.userId).run()
    expect(await pushToMembers(env, restaurant, [removed.userId, leaving.userId], alert('Ya no'))).toEqual({
      sent: 0,
      gone: 0,
      failed: 0,
    })
    expect(await messagesOf(leavingPhone)).toEqual([])
  })
})

describe('restaurants apart', () => {
  it('a push to restaurant A’s members never reaches a subscription made in restaurant B', async () => {
    const [first, second] = await Promise.all([seedOwner(), seedOwner()])
    // Someone of B alone, and someone who belongs to both, signed in to A.
    const onlyInSecond = await seedMember(second, 'manager')
    const both = await seedMember(first, 'waiter', 'Ana en dos')
    await env.DB.prepare(
      `INSERT INTO memberships (id, restaurant_id, user_id, role, created_at) VALUES (?, ?, ?, 'waiter', ?)`,
    )
      .bind(crypto.randomUUID(), second, both.userId, Date.now())
      .run()
    const [secondsPhone, bothPhone] = await Promise.all([newPhone(), newPhone()])
    expect((await turnOn(secondsPhone, onlyInSecond.cookie)).status).toBe(201)
    expect((await turnOn(bothPhone, both.cookie)).status).toBe(201)

    expect(await pushToMembers(env, first, [onlyInSecond.userId, both.userId], alert('De A'))).toEqual({
      sent: 1,
      gone: 0,
      failed: 0,
    })
    expect(await messagesOf(secondsPhone)).toEqual([])
    expect(await messagesOf(bothPhone)).toEqual([alert('De A')])

    // Switched to B, the session carries B's alerts once turned on there, and A's no more.
    expect((await postForm('/admin/dashboard', { intent: 'switch', restaurantId: second }, both.cookie)).status).toBe(
      302,
    )
    expect((await pushToMembers(env, first, [both.userId], alert('De A, otra vez'))).sent).toBe(0)
    expect((await pushToMembers(env, second, [both.userId], alert('De B, antes'))).sent).toBe(0)
    expect((await turnOn(bothPhone, both.cookie)).status).toBe(201)
    expect((await pushToMembers(env, first, [both.userId], alert('De A, al final'))).sent).toBe(0)
    expect(await pushToMembers(env, second, [both.userId, onlyInSecond.userId], alert('De B'))).toEqual({
      sent: 2,
      gone: 0,
      failed: 0,
    })
    expect(await messagesOf(bothPhone)).toEqual([alert('De A'), alert('De B')])
    expect(await messagesOf(secondsPhone)).toEqual([alert('De B')])
  })
})
