import { createCookie } from '@remix-run/cloudflare'
import { and, eq, isNull } from 'drizzle-orm'
import { drawerOfDevice, registersInUse, type Register } from '~/domain/registers'
import { logChange, type Editor } from '../auth/change-log.server'
import { getDb } from '../db/client.server'
import { registers } from '../db/schema.server'

/** The register this device records cash into: a shared tablet, or a waiter's phone, keeps its own. */
const registerCookie = createCookie('mesa_register', {
  path: '/admin',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
})

/** Every register the restaurant named, retired ones too (their names stay on what they held), oldest first. */
export function registersOf(env: Env, restaurantId: string): Promise<Register[]> {
  return getDb(env.DB)
    .select({ id: registers.id, name: registers.name, retiredAt: registers.retiredAt })
    .from(registers)
    .where(eq(registers.restaurantId, restaurantId))
    .orderBy(registers.createdAt, registers.id)
}

/** The drawer the device that sent `request` records cash into (drawerOfDevice). */
export async function deviceDrawer(request: Request, named: readonly Register[]): Promise<string | null> {
  const chosen: unknown = await registerCookie.parse(request.headers.get('Cookie'))
  return drawerOfDevice(named, typeof chosen === 'string' ? chosen : null)
}

/** The header that makes `registerId` this device's register. */
export const chooseDeviceRegister = (registerId: string) => registerCookie.serialize(registerId)

/**
 * The drawer a staff form's cash goes into: the register it names, which
 * must be one in use (false otherwise: the form says so and nothing is
 * written); the device's when it names none.
 */
export async function drawerOfForm(
  request: Request,
  named: readonly Register[],
  sent: string | null | undefined,
): Promise<string | null | false> {
  if (!sent) return deviceDrawer(request, named)
  return registersInUse(named).some((register) => register.id === sent) ? sent : false
}

/** Names a register, unless one in use has that name: false then, and nothing changes. */
export async function addRegister(env: Env, editor: Editor, name: string): Promise<boolean> {
  const db = getDb(env.DB)
  const taken = registersInUse(await registersOf(env, editor.restaurant.id)).some(
    (register) => register.name.toLocaleLowerCase('es-MX') === name.toLocaleLowerCase('es-MX'),
  )
  if (taken) return false
  const id = crypto.randomUUID()
  await db.batch([
    db.insert(registers).values({ id, restaurantId: editor.restaurant.id, name }),
    logChange(db, editor, 'register.add', id),
  ])
  return true
}

/** Takes one of the restaurant's registers out of use; its sessions and their counts stay. */
export async function retireRegister(env: Env, editor: Editor, registerId: string): Promise<boolean> {
  const db = getDb(env.DB)
  const retired = await db
    .update(registers)
    .set({ retiredAt: Date.now() })
    .where(
      and(eq(registers.id, registerId), eq(registers.restaurantId, editor.restaurant.id), isNull(registers.retiredAt)),
    )
    .returning({ id: registers.id })
  if (retired.length === 0) return false
  await logChange(db, editor, 'register.retire', registerId)
  return true
}
