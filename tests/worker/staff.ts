import { SELF } from 'cloudflare:test'
import { ORIGIN } from './fixtures'

export const PASSWORD = 'tacos-al-pastor-2026'

export function registration(overrides: Record<string, unknown> = {}) {
  const id = crypto.randomUUID().slice(0, 8)
  return {
    restaurantName: 'La Fonda de Prueba',
    restaurantType: 'casual',
    restaurantCuisine: 'mexican',
    restaurantAddress: 'Calle Morelos 12, Centro',
    restaurantPhone: '8112345678',
    restaurantEmail: `fonda-${id}@example.com`,
    ownerName: 'Lucía Garza',
    ownerEmail: `owner-${id}@example.com`,
    password: PASSWORD,
    acceptTerms: true,
    ...overrides,
  }
}

/** Configuración's 'Editar detalles del restaurante' form as an owner sends it: a border restaurant, with `overrides`. */
export const settingsForm = (overrides: Record<string, string> = {}) => ({
  intent: 'settings',
  restaurantName: 'Fonda Doña Lupe',
  restaurantType: 'casual',
  restaurantCuisine: 'mexican',
  restaurantAddress: 'Av. Juárez 100, Tijuana',
  restaurantPhone: '6641234567',
  restaurantEmail: 'lupe@example.com',
  taxRatePercent: '8',
  borderIncentive: 'on',
  showTaxSeparately: 'on',
  ...overrides,
})

/** A JSON call from our own pages, with the owner's cookie when given. */
export function call(
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method,
    headers: {
      Origin: ORIGIN,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  })
}

/** Registers a new owner and signs in; returns the cookie to send. */
export async function signedInOwner(overrides: Record<string, unknown> = {}) {
  const account = registration(overrides)
  const registered = await call('POST', '/api/auth/register', account)
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`)
  const login = await call('POST', '/api/auth/login', { email: account.ownerEmail, password: PASSWORD })
  const setCookie = login.headers.get('Set-Cookie') ?? ''
  const cookie = setCookie.split(';')[0]!
  const { user, restaurant } = (await login.json()) as { user: { id: string }; restaurant: { id: string } }
  return { cookie, userId: user.id, restaurantId: restaurant.id, account }
}
