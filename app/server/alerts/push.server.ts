import type { PushMessage } from '~/domain/schemas/push'
import { getDb } from '../db/client.server'
import { pushSender } from './push-sender.server'
import { forgetSubscriptions, membersDevices } from './push-subscriptions.server'

/** How many devices took the push, were gone (and are forgotten), or failed this time (and are kept). */
type PushReport = Record<'sent' | 'gone' | 'failed', number>

/**
 * Sends `message` to every device on which these members of `restaurantId`
 * turned notifications on, each alone: a device that fails is counted,
 * never thrown, and one whose push service says it is gone is forgotten.
 * Meant to run after the answer (`ctx.waitUntil(pushToMembers(…))`); it
 * rejects only when D1 cannot be read or written. A person who does not
 * belong to the restaurant, or whose device was turned on while working in
 * another, gets nothing.
 */
export async function pushToMembers(
  env: Env,
  restaurantId: string,
  userIds: readonly string[],
  message: PushMessage,
): Promise<PushReport> {
  const report: PushReport = { sent: 0, gone: 0, failed: 0 }
  if (userIds.length === 0) return report
  const db = getDb(env.DB)
  const devices = await membersDevices(db, restaurantId, userIds)
  const sender = pushSender(env)
  const outcomes = await Promise.all(devices.map((device) => sender.send(device, message)))
  for (const outcome of outcomes) report[outcome] += 1
  await forgetSubscriptions(
    db,
    devices.filter((_, index) => outcomes[index] === 'gone').map((device) => device.id),
  )
  return report
}
