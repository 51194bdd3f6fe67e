import type { ContactInput, WaitlistInput } from '~/domain/schemas/public'
import type { Db } from '../db/client.server'
import { contactRequests, waitlist } from '../db/schema.server'

export async function joinWaitlist(db: Db, input: WaitlistInput): Promise<void> {
  await db.insert(waitlist).values({ id: crypto.randomUUID(), ...input })
}

export async function requestContact(db: Db, input: ContactInput): Promise<void> {
  await db.insert(contactRequests).values({ id: crypto.randomUUID(), ...input })
}
