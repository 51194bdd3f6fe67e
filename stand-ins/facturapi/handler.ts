import { createInvoice } from './created-invoices'
/**
 * An in-memory stand-in of the part of Facturapi's REST API v2 Mesa uses
 * (e-receipts, invoicing a receipt to its customer, the global invoice,
 * reading, downloading and mailing invoices), for the official `facturapi`
 * SDK or a plain fetch to talk to where Facturapi cannot be reached: worker
 * tests (through miniflare's outboundService), unit tests and offline runs
 * (server.ts). It checks what Facturapi and SAT's CFDI 4.0 rules check and
 * answers in Facturapi's shapes; what it does not implement is refused
 * loudly, never faked. Web APIs only, so it runs in workerd and in Node alike.
 */
import { type ControlInput, type Controls, controlRoutes, createControls } from './controls'
import { iso } from './dates'
import { FacturapiError, internalError, notFound, unauthorized } from './errors'
import { type Fault, faultFailure, rateLimited } from './faults'
import { createGlobalInvoice } from './global-invoices'
import { hex } from './ids'
import { downloadPdf, downloadXml, downloadZip, emailInvoice, listInvoices, retrieveInvoice } from './invoices'
import { keyOf, type Organization, organizationOf, type OrganizationOptions } from './organizations'
import { invoiceReceipt } from './receipt-invoices'
import { cancelInvoice } from './cancellations'
import { cancelReceipt, createReceipt, listReceipts, retrieveReceipt } from './receipts'
import { match, route, type Route } from './routes'
import { type Call, emptyState, type LoggedRequest, type StandInState } from './state'

export interface FacturapiStandInOptions {
  /** The organizations it knows, each reached by its own secret key. */
  organizations: readonly OrganizationOptions[]
  /** Where the stand-in's own failures are reported (console.warn unless given). */
  log?: (message: string) => void
}

export interface FacturapiStandIn extends Controls {
  fetch(request: Request): Promise<Response>
  state: StandInState
  /** The organizations as made (their ids are what receipts and invoices name in `organization`). */
  organizations: Organization[]
}

type Endpoint = (call: Call) => unknown

const ROUTES: Route<Endpoint>[] = [
  route('POST', '/v2/receipts', createReceipt),
  route('GET', '/v2/receipts', listReceipts),
  route('POST', '/v2/receipts/global-invoice', createGlobalInvoice),
  route('GET', '/v2/receipts/:id', retrieveReceipt),
  route('DELETE', '/v2/receipts/:id', cancelReceipt),
  route('POST', '/v2/receipts/:id/invoice', invoiceReceipt),
  route('POST', '/v2/invoices', createInvoice),
  route('GET', '/v2/invoices', listInvoices),
  route('GET', '/v2/invoices/:id', retrieveInvoice),
  route('DELETE', '/v2/invoices/:id', cancelInvoice),
  route('GET', '/v2/invoices/:id/pdf', downloadPdf),
  route('GET', '/v2/invoices/:id/xml', downloadXml),
  route('GET', '/v2/invoices/:id/zip', downloadZip),
  route('POST', '/v2/invoices/:id/email', emailInvoice),
]

export function createFacturapiStandIn(options: FacturapiStandInOptions): FacturapiStandIn {
  const organizations = options.organizations.map(organizationOf)
  const keys = new Set(organizations.map((organization) => organization.key))
  if (keys.size !== organizations.length) throw new Error('Facturapi stand-in: each organization needs its own key')
  const state = emptyState(organizations)
  const log = options.log ?? ((message: string) => console.warn(message))
  const controls = createControls(state)
  const controlsOverHttp = controlRoutes(state, controls)

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const headers = { 'X-Facturapi-Log-Id': hex(12) }
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text()
    if (url.pathname.startsWith('/_standin/')) return control(request, url, text, headers)
    const entry: LoggedRequest = {
      at: iso(state.clock.now()),
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      organization: null,
      body: text ? parsedOr(text) : null,
      status: 0,
    }
    state.requests.push(entry)
    // Set once the request is matched: a fault armed for it acts on its answer too.
    const armed: { fault: Fault | null } = { fault: null }

    async function run(): Promise<unknown> {
      if (!url.pathname.startsWith('/v2/')) throw noRoute(request.method, url.pathname)
      const organization = authenticate(request.headers.get('Authorization'))
      entry.organization = organization.id
      const found = match(ROUTES, request.method, url.pathname)
      if (!found) throw noRoute(request.method, url.pathname)
      const fault = (armed.fault = state.faults.take(request.method, url.pathname, organization.id))
      if (fault?.fault === '500-before') throw faultFailure(`${request.method} ${url.pathname}`)
      if (fault?.fault === 'rate-limit') throw rateLimited()
      const body = readJson(request, text)
      if (fault?.fault === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms))
      const result = found.route.handler({
        state,
        organization,
        body,
        query: url.searchParams,
        path: found.path,
        now: state.clock.now(),
      })
      if (fault?.fault === '500-after') throw faultFailure(`${request.method} ${url.pathname}`)
      return result
    }

    const response = await run().then(
      (result) => answer(result, headers),
      (error: unknown) => failed(error, request, url, headers),
    )
    if (armed.fault?.fault === 'timeout-after') {
      // The answer was made (and the request acted), but never arrives: the caller's fetch fails as a dropped connection's does.
      throw new TypeError('fetch failed: the Facturapi stand-in dropped the connection (a timeout-after fault)')
    }
    entry.status = response.status
    return response
  }

  function authenticate(authorization: string | null): Organization {
    const key = keyOf(authorization)
    if (!key)
      throw unauthorized(
        'missing_credentials',
        'No se encontraron credenciales: envía tu llave secreta en el encabezado Authorization (Bearer <llave>).',
      )
    const organization = organizations.find((candidate) => candidate.key === key)
    if (!organization)
      throw unauthorized('api_key_invalid', `La llave secreta ${key.slice(0, 8)}…${key.slice(-4)} no es válida.`)
    return organization
  }

  function control(request: Request, url: URL, text: string, headers: Record<string, string>): Response {
    const found = match(controlsOverHttp, request.method, url.pathname)
    try {
      if (!found) throw noRoute(request.method, url.pathname)
      const input: ControlInput = { body: readJson(request, text), query: url.searchParams, path: found.path }
      return answer(found.route.handler(input), headers)
    } catch (error) {
      return failed(error, request, url, headers)
    }
  }

  function failed(error: unknown, request: Request, url: URL, headers: Record<string, string>): Response {
    if (error instanceof FacturapiError) return json(error.body(), error.status, { ...headers, ...error.headers })
    log(
      `Facturapi stand-in: ${request.method} ${url.pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
    const failure = internalError(
      `El stand-in de Facturapi falló en ${request.method} ${url.pathname}: ${String(error)}`,
    )
    return json(failure.body(), 500, headers)
  }

  return { fetch: handle, state, organizations, ...controls }
}

function answer(result: unknown, headers: Record<string, string>): Response {
  if (!(result instanceof Response)) return json(result, 200, headers)
  const merged = new Headers(result.headers)
  for (const [name, value] of Object.entries(headers)) merged.set(name, value)
  return new Response(result.body, { status: result.status, headers: merged })
}

const json = (body: unknown, status: number, headers: Record<string, string>) =>
  new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  })

const noRoute = (method: string, path: string) =>
  notFound('not_found', `La ruta ${method} ${path} no existe en el stand-in de Facturapi.`)

/** Facturapi takes JSON bodies only: anything else is `invalid_json`. */
function readJson(request: Request, text: string): unknown {
  if (!text) return undefined
  const invalid = (why: string) =>
    new FacturapiError(400, 'invalid_json', `El cuerpo de la petición no es JSON válido: ${why}.`)
  if (!(request.headers.get('Content-Type') ?? '').includes('application/json'))
    throw invalid('envíalo con Content-Type: application/json')
  try {
    return JSON.parse(text)
  } catch (error) {
    throw invalid(String(error))
  }
}

function parsedOr(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
