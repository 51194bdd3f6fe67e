import { fromBase64Url } from './base64url'

/** A push service's verdict on a request's VAPID authentication (RFC 8292): its claims, or why it is refused. */
type VapidVerdict =
  { ok: true; claims: { aud: string; exp: number; sub: string } } | { ok: false; status: 401 | 403; reason: string }

/** The longest a token may still be valid for: RFC 8292 §2 caps `exp` at 24 hours after the request. */
const MAX_LIFETIME_SECONDS = 24 * 60 * 60

const refuse = (status: 401 | 403, reason: string): VapidVerdict => ({ ok: false, status, reason })

/** The `t` and `k` parameters of `Authorization: vapid t=…, k=…` (RFC 8292 §3), or null for another scheme. */
function vapidParameters(authorization: string | null): Record<string, string> | null {
  const match = /^vapid\s+(.*)$/i.exec(authorization?.trim() ?? '')
  if (!match) return null
  const parameters: Record<string, string> = {}
  for (const part of match[1]!.split(',')) {
    const [name, ...value] = part.trim().split('=')
    if (name && value.length > 0) parameters[name.trim().toLowerCase()] = value.join('=').trim()
  }
  return parameters
}

const decodeJson = (part: string) =>
  JSON.parse(new TextDecoder().decode(fromBase64Url(part))) as Record<string, unknown>

/**
 * What a push service checks of a push's `Authorization` header: the
 * scheme and its two parameters (absent: 401); then (invalid: 403) `k` is
 * the key the subscription was made with, the token is an ES256 JWT whose
 * signature verifies with `k`, its `aud` is the endpoint's origin, its
 * `exp` is in the future and at most 24 hours away, and its `sub` is a
 * mailto: or https: contact.
 */
export async function checkVapid(
  authorization: string | null,
  endpoint: string,
  subscribedKey: string,
  nowMs: number,
): Promise<VapidVerdict> {
  const parameters = vapidParameters(authorization)
  if (!parameters) return refuse(401, 'No vapid authorization')
  const { t: token, k: key } = parameters
  if (!token || !key) return refuse(401, 'The vapid authorization needs both t and k')
  if (key !== subscribedKey) return refuse(403, 'k is not the key this subscription was made with')
  const parts = token.split('.')
  if (parts.length !== 3) return refuse(403, 't is not a JWT')
  const [header, payload, signature] = parts as [string, string, string]
  let claims: Record<string, unknown>
  try {
    const { alg, typ } = decodeJson(header)
    if (alg !== 'ES256') return refuse(403, `The JWT is signed with ${String(alg)}, not ES256`)
    if (typ !== undefined && typ !== 'JWT') return refuse(403, `The JWT's typ is ${String(typ)}`)
    const publicKey = await crypto.subtle.importKey(
      'raw',
      fromBase64Url(key),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    )
    const signed = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      fromBase64Url(signature),
      new TextEncoder().encode(`${header}.${payload}`),
    )
    if (!signed) return refuse(403, 'The JWT signature does not verify with k')
    claims = decodeJson(payload)
  } catch (error) {
    return refuse(403, `The JWT cannot be read: ${error instanceof Error ? error.message : String(error)}`)
  }
  const { aud, exp, sub } = claims
  const now = Math.floor(nowMs / 1000)
  if (aud !== new URL(endpoint).origin) return refuse(403, `aud is ${String(aud)}, not the endpoint's origin`)
  if (typeof exp !== 'number' || exp <= now) return refuse(403, 'exp is missing or past')
  if (exp > now + MAX_LIFETIME_SECONDS) return refuse(403, 'exp is more than 24 hours away')
  if (typeof sub !== 'string' || !/^(mailto:.+|https:\/\/.+)$/.test(sub))
    return refuse(403, 'sub is not a mailto: or https: contact')
  return { ok: true, claims: { aud, exp, sub } }
}
