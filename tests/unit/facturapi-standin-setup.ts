import Facturapi, { type BinaryDownload, FacturapiError } from 'facturapi'
import { onTestFinished, vi } from 'vitest'
import { createFacturapiStandIn, type FacturapiStandIn } from '../../stand-ins/facturapi/handler'
import { type OrganizationOptions } from '../../stand-ins/facturapi/organizations'

/**
 * What the Facturapi stand-in's tests share: the official SDK pointed at a
 * fresh stand-in, two restaurants, a dish and a diner. The SDK sends every
 * request through the global fetch it finds at call time, so the test's
 * fetch hands them to the stand-in, and its BASE_URL names the stand-in.
 */

export const BASE = 'https://facturapi.standin'

/** A restaurant that is a company (persona moral, 12-character RFC). */
export const FONDA: OrganizationOptions = {
  key: 'sk_test_fonda_la_esquina',
  legal_name: 'FONDA LA ESQUINA',
  tax_id: 'FES180101AB1',
  tax_system: '601',
  zip: '06700',
}

/** A restaurant that is a person (persona física, RESICO), in Tijuana's time zone. */
export const TAQUERIA: OrganizationOptions = {
  key: 'sk_test_taqueria_juan',
  legal_name: 'JUAN PEREZ GARCIA',
  tax_id: 'PEGJ800101AB1',
  tax_system: '626',
  zip: '22000',
  timezone: 'America/Tijuana',
}

export function setUp(organizations: OrganizationOptions[] = [FONDA, TAQUERIA]) {
  const standIn = createFacturapiStandIn({ organizations, log: () => {} })
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => standIn.fetch(new Request(input, init)))
  onTestFinished(() => void vi.unstubAllGlobals())
  return { standIn, facturapi: clientOf(organizations[0]!.key) }
}

export function clientOf(key: string): Facturapi {
  const facturapi = new Facturapi(key)
  facturapi.BASE_URL = `${BASE}/v2`
  return facturapi
}

/** The organization's id, as receipts and invoices name it. */
export const organizationId = (standIn: FacturapiStandIn, key: string) =>
  standIn.organizations.find((organization) => organization.key === key)!.id

/** A dish at MX$116.00, IVA included: MX$100.00 and MX$16.00 of tax. */
export const MOLE = {
  quantity: 1,
  product: { description: 'Mole poblano', product_key: '90101501', price: 116, unit_key: 'E48' },
}

/** A diner who asks for a factura: a persona física with business activity, who may deduct a meal (G03). */
export const ANA = {
  legal_name: 'ANA LOPEZ PEREZ',
  tax_id: 'LOPA800101AB1',
  tax_system: '612',
  email: 'ana@example.com',
  address: { zip: '03100' },
}

/** The error a call was refused with (and a failure if it was not refused). */
export async function refusal(call: Promise<unknown>): Promise<FacturapiError> {
  const outcome = await call.then(
    () => null,
    (error: unknown) => error,
  )
  if (!(outcome instanceof FacturapiError)) throw new Error(`expected a FacturapiError, got ${String(outcome)}`)
  return outcome
}

/** A download's bytes: in Node the SDK hands a stream, elsewhere a Blob. */
export async function bytesOf(download: BinaryDownload): Promise<Uint8Array> {
  if (download instanceof Blob) return new Uint8Array(await download.arrayBuffer())
  const chunks: Uint8Array[] = []
  // The SDK types a Node download as a minimal stream; it is a node:stream Readable, which is async-iterable.
  for await (const chunk of download as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk)
  return new Uint8Array(Buffer.concat(chunks))
}

export const textOf = async (download: BinaryDownload) => new TextDecoder().decode(await bytesOf(download))

/** A stand-in-only endpoint over HTTP, as worker tests reach it: JSON, no key. */
export async function control(standIn: FacturapiStandIn, method: string, path: string, body?: unknown) {
  const response = await standIn.fetch(
    new Request(`${BASE}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** A request with a plain fetch, for what the SDK never sends (no key, Basic auth, a body that is not JSON). */
export const raw = (standIn: FacturapiStandIn, path: string, init: RequestInit = {}) =>
  standIn.fetch(new Request(`${BASE}${path}`, init))
