import { and, eq } from 'drizzle-orm'
import type { FiscalProfile } from '~/domain/schemas/settings'
import { restaurantChanged } from '../auth/accounts.server'
import { logChange, type Editor } from '../auth/change-log.server'
import { getDb } from '../db/client.server'
import { restaurants, restaurantSecrets } from '../db/schema.server'
import { openSecret, sealSecret } from '../secrets.server'

/** What a Facturapi key is sealed for: its restaurant, so a sealed key moved to another restaurant's row opens nowhere. */
const purposeOf = (restaurantId: string) => `facturapi:${restaurantId}`

/** What the owner is shown of their key once saved: test or live, and its last four characters. */
const hintOf = (key: string) => `${key.startsWith('sk_live_') ? 'live' : 'test'} …${key.slice(-4)}`

/**
 * Saves who the restaurant's facturas come from. A Facturapi key typed is
 * sealed and replaces the one kept (left empty, the kept one stays); it is
 * never shown again, only its hint, and never logged.
 */
export async function saveFiscalProfile(env: Env, editor: Editor, profile: FiscalProfile): Promise<void> {
  const db = getDb(env.DB)
  const id = editor.restaurant.id
  const key = profile.facturapiKey
  const secret = key && !profile.forgetFacturapiKey ? await sealSecret(env, key, purposeOf(id)) : null
  const own = and(eq(restaurantSecrets.restaurantId, id), eq(restaurantSecrets.name, 'facturapi'))
  await db.batch([
    db
      .update(restaurants)
      .set({
        rfc: profile.rfc,
        legalName: profile.legalName,
        taxRegime: profile.taxRegime,
        fiscalPostalCode: profile.postalCode,
        invoicePeriodicity: profile.invoicePeriodicity,
      })
      .where(eq(restaurants.id, id)),
    ...(profile.forgetFacturapiKey ? [db.delete(restaurantSecrets).where(own)] : []),
    ...(secret && key
      ? [
          db
            .insert(restaurantSecrets)
            .values({ restaurantId: id, name: 'facturapi', sealed: secret, hint: hintOf(key), updatedAt: Date.now() })
            .onConflictDoUpdate({
              target: [restaurantSecrets.restaurantId, restaurantSecrets.name],
              set: { sealed: secret, hint: hintOf(key), updatedAt: Date.now() },
            }),
        ]
      : []),
    logChange(db, editor, 'settings.fiscal', id),
    ...(secret ? [logChange(db, editor, 'settings.facturapi-key', id)] : []),
    ...(profile.forgetFacturapiKey ? [logChange(db, editor, 'settings.facturapi-key.remove', id)] : []),
  ])
  // A receipt names its issuer: the bills' screens read the restaurant again.
  await restaurantChanged(env, id)
}

/** Who the restaurant's facturas come from, and the hint of its Facturapi key (null: it issues them by hand). */
export async function fiscalProfileOf(env: Env, restaurantId: string) {
  const [row] = await getDb(env.DB)
    .select({
      rfc: restaurants.rfc,
      legalName: restaurants.legalName,
      taxRegime: restaurants.taxRegime,
      postalCode: restaurants.fiscalPostalCode,
      invoicePeriodicity: restaurants.invoicePeriodicity,
      facturapi: restaurantSecrets.hint,
    })
    .from(restaurants)
    .leftJoin(
      restaurantSecrets,
      and(eq(restaurantSecrets.restaurantId, restaurants.id), eq(restaurantSecrets.name, 'facturapi')),
    )
    .where(eq(restaurants.id, restaurantId))
    .limit(1)
  return row ?? null
}

/** The restaurant's Facturapi key, opened for a call to Facturapi; null when it has none. */
export async function facturapiKeyOf(env: Env, restaurantId: string): Promise<string | null> {
  const [row] = await getDb(env.DB)
    .select({ sealed: restaurantSecrets.sealed })
    .from(restaurantSecrets)
    .where(and(eq(restaurantSecrets.restaurantId, restaurantId), eq(restaurantSecrets.name, 'facturapi')))
    .limit(1)
  return row ? openSecret(env, row.sealed, purposeOf(restaurantId)) : null
}
