import { signatureOf } from '~/domain/signature'
import type { Db } from '../db/client.server'
import { changeLog } from '../db/schema.server'
import type { Principal } from './guard.server'

/** Who makes a change, and in which restaurant: what a change needs of the principal. */
export interface Editor {
  restaurant: { id: string }
  person: Principal['person']
}

/**
 * The change_log row of a change the editor made outside a bill, with
 * their id and their name as it is now (a bill's own records carry
 * theirs): awaited once the change is written, or given to the same
 * `db.batch` as the change. `action` says what changed: the menu
 * (`menu.create`, `menu.item.update`, `menu.photo.remove`…), the
 * restaurant (`restaurant.update`, `settings.update`), how it takes
 * payments (`payouts.connect`, `payouts.unconnected`) or its team
 * (`team.invite.waiter`, `team.role.manager`, `team.remove`…: docs/team.md);
 * `subject` is the id of what it touched (an invitation's email).
 */
export function logChange(db: Db, editor: Editor, action: string, subject: string | null) {
  const by = signatureOf(editor.person)
  return db.insert(changeLog).values({
    id: crypto.randomUUID(),
    restaurantId: editor.restaurant.id,
    userId: by.userId,
    actorName: by.name,
    action,
    subject,
  })
}
