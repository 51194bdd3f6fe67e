import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { call, signedInOwner } from './staff'

type Table = {
  id: string
  tableNumber: string
  tableName: string | null
  capacity: number | null
  isActive: boolean
  sessionId: string
}

describe('tables API', () => {
  it('creates, lists, edits and archives a table of the signed-in owner', async () => {
    const { cookie, restaurantId } = await signedInOwner()
    const created = await call(
      'POST',
      '/api/tables',
      { userId: 'someone-else', tableNumber: ' 5 ', tableName: ' Terraza ', capacity: 4, isActive: true },
      cookie,
    )
    expect(created.status).toBe(201)
    const table = (await created.json()) as Table
    expect(table).toMatchObject({
      tableNumber: '5',
      tableName: 'Terraza',
      capacity: 4,
      isActive: true,
      userId: restaurantId,
    })
    // Unguessable: 256 random bits, and an open bill to go with it.
    expect(table.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await call('GET', `/api/tables/session/${table.sessionId}`)).status).toBe(200)

    const list = (await (await call('GET', '/api/tables/active', undefined, cookie)).json()) as Table[]
    expect(list.map((row) => row.id)).toEqual([table.id])

    const edited = await call('PATCH', `/api/tables/${table.id}`, { tableName: '  ', capacity: '' }, cookie)
    expect(await edited.json()).toMatchObject({ tableName: null, capacity: null })

    const archived = await call('DELETE', `/api/tables/${table.id}`, undefined, cookie)
    expect([archived.status, await archived.json()]).toEqual([200, { deleted: true }])
    expect(await (await call('GET', '/api/tables/active', undefined, cookie)).json()).toEqual([])
    expect((await call('GET', `/api/tables/${table.id}`, undefined, cookie)).status).toBe(404)
    expect((await call('GET', `/api/tables/session/${table.sessionId}`)).status).toBe(410)
  })

  it.each([
    [{ tableNumber: '' }, 'El número de mesa es obligatorio'],
    [{ tableNumber: '3', capacity: 0 }, 'La capacidad debe ser un número positivo'],
    [{ tableNumber: '3', capacity: 'cuatro' }, 'La capacidad debe ser un número positivo'],
    [{ tableNumber: '3', capacity: 2.5 }, 'La capacidad debe ser un número positivo'],
  ])('refuses %o with the spec’s message', async (body, message) => {
    const { cookie } = await signedInOwner()
    const response = await call('POST', '/api/tables', body, cookie)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message })
    expect(await (await call('GET', '/api/tables/active', undefined, cookie)).json()).toEqual([])
  })

  it('refuses a second table with the same number', async () => {
    const { cookie } = await signedInOwner()
    await call('POST', '/api/tables', { tableNumber: '7' }, cookie)
    const again = await call('POST', '/api/tables', { tableNumber: '7' }, cookie)
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ message: 'Ya tienes una mesa con ese número.', code: 'TABLE_NUMBER_TAKEN' })
  })

  it('answers 401 without a cookie and 404 for another owner’s table, changing nothing', async () => {
    expect((await call('GET', '/api/tables/active')).status).toBe(401)
    expect((await call('POST', '/api/tables', { tableNumber: '1' })).status).toBe(401)
    const owner = await signedInOwner()
    const intruder = await signedInOwner()
    const table = (await (
      await call('POST', '/api/tables', { tableNumber: '1', tableName: 'Ventana' }, owner.cookie)
    ).json()) as Table
    expect((await call('GET', `/api/tables/${table.id}`, undefined, intruder.cookie)).status).toBe(404)
    expect((await call('PATCH', `/api/tables/${table.id}`, { tableName: 'Mía' }, intruder.cookie)).status).toBe(404)
    expect((await call('DELETE', `/api/tables/${table.id}`, undefined, intruder.cookie)).status).toBe(404)
    expect(await env.DB.prepare('SELECT table_name FROM tables WHERE id = ?').bind(table.id).first()).toEqual({
      table_name: 'Ventana',
    })
  })
})
