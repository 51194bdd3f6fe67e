import type { Db } from '../db/client.server'
import { changeLog } from '../db/schema.server'

/** Who made a change, and where: the principal's person and restaurant are enough. */
interface Actor {
  person: { id: string; email: string; name: string | null }
  restaurant: { id: string }
}

/**
 * A change_log row, to run in the same batch as the change it records: the
 * actor's id, and their name as it is now, so the log still reads right
 * after they rename themselves or leave.
 */
export function changeEntry(db: Db, actor: Actor, action: string, subject: string | null) {
  return db.insert(changeLog).values({
    id: crypto.randomUUID(),
    restaurantId: actor.restaurant.id,
    userId: actor.person.id,
    actorName: actor.person.name ?? actor.person.email,
    action,
    subject,
  })
}
