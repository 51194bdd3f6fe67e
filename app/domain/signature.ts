/**
 * Who did something the restaurant keeps a record of (a staff order, a
 * payment taken, a void or comp, a refund, a close, a change of the menu or
 * the settings): the member's id, and their name as it was then, so a
 * record still says who it was after they rename themselves or leave. It
 * comes from the signed-in person, never from a form.
 */
export interface Signature {
  userId: string
  name: string
}

/** A person's signature: their name, or their email while they have none. */
export function signatureOf(person: { id: string; email: string; name: string | null }): Signature {
  return { userId: person.id, name: person.name?.trim() || person.email }
}

/**
 * Whom a record counts for, to add records up by person: the member, by id,
 * when it has one; a record from before staff signed, by the name typed on
 * it; nobody (null) when it has neither (a diner's own payment).
 */
export function signerKey(userId: string | null, name: string | null): string | null {
  if (userId) return `member:${userId}`
  return name === null ? null : `typed:${name}`
}
