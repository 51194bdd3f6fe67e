import type Stripe from 'stripe'
import { invalidRequest, noSuch, type StripeError } from './errors'
import { Params } from './params'
import { type Call, keep, newId, type StandInState } from './state'

export type AccountObject = Pick<
  Stripe.Account,
  | 'id'
  | 'object'
  | 'business_profile'
  | 'business_type'
  | 'capabilities'
  | 'charges_enabled'
  | 'controller'
  | 'country'
  | 'created'
  | 'default_currency'
  | 'details_submitted'
  | 'email'
  | 'external_accounts'
  | 'future_requirements'
  | 'metadata'
  | 'payouts_enabled'
  | 'requirements'
  | 'tos_acceptance'
  | 'type'
>

/** The countries the stand-in opens accounts in, with the currency each settles in. */
const DEFAULT_CURRENCY: Record<string, string> = { MX: 'mxn', US: 'usd' }

/** What Stripe asks of a new account before it may charge, as its hosted onboarding collects it. */
const DUE_AT_START = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'representative.first_name',
  'representative.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
]

const CAPABILITIES = ['card_payments', 'transfers'] as const

/** The controller Stripe reports for an account created with the older `type` parameter. */
const CONTROLLER_OF_TYPE: Record<'standard' | 'express' | 'custom', Stripe.Account.Controller> = {
  standard: {
    type: 'application',
    is_controller: true,
    fees: { payer: 'account' },
    losses: { payments: 'stripe' },
    requirement_collection: 'stripe',
    stripe_dashboard: { type: 'full' },
  },
  express: {
    type: 'application',
    is_controller: true,
    fees: { payer: 'application' },
    losses: { payments: 'application' },
    requirement_collection: 'stripe',
    stripe_dashboard: { type: 'express' },
  },
  custom: {
    type: 'application',
    is_controller: true,
    fees: { payer: 'application' },
    losses: { payments: 'application' },
    requirement_collection: 'application',
    stripe_dashboard: { type: 'none' },
  },
}

function requirements(due: string[]): Stripe.Account.Requirements {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: due,
    disabled_reason: due.length ? 'requirements.past_due' : null,
    errors: [],
    eventually_due: due,
    past_due: due,
    pending_verification: [],
  }
}

export function createAccount(call: Call): AccountObject {
  requirePlatform(call)
  const params = new Params(call.form, [
    'type',
    'controller',
    'country',
    'email',
    'capabilities',
    'business_type',
    'business_profile',
    'metadata',
  ])
  const type = params.oneOf('type', ['standard', 'express', 'custom'])
  const controller = readController(params)
  if (type && controller)
    throw invalidRequest('You may only specify one of these parameters: controller, type.', {
      code: 'parameters_exclusive',
    })
  if (!type && !controller)
    throw invalidRequest('Missing required param: type.', { code: 'parameter_missing', param: 'type' })
  const country = (params.string('country') ?? 'MX').toUpperCase()
  const currency = DEFAULT_CURRENCY[country]
  if (!currency)
    throw invalidRequest(
      `The Stripe stand-in does not open accounts in '${country}'; it opens them in ${Object.keys(DEFAULT_CURRENCY).join(', ')}.`,
      { param: 'country' },
    )
  const email = params.string('email')
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw invalidRequest(`Invalid email address: ${email}`, { code: 'email_invalid', param: 'email' })
  const requested = readCapabilities(params)
  const profile = params.object('business_profile', [
    'name',
    'url',
    'mcc',
    'product_description',
    'support_email',
    'support_phone',
  ])
  const id = newId('acct', 16)
  return keep(call, call.state.accounts, {
    id,
    object: 'account',
    business_profile: {
      mcc: profile?.string('mcc') ?? null,
      minority_owned_business_designation: null,
      name: profile?.string('name') ?? null,
      product_description: profile?.string('product_description') ?? null,
      specified_commercial_transactions_act_url: null,
      support_address: null,
      support_email: profile?.string('support_email') ?? null,
      support_phone: profile?.string('support_phone') ?? null,
      support_url: null,
      url: profile?.url('url') ?? null,
    },
    business_type: params.oneOf('business_type', ['individual', 'company', 'non_profit', 'government_entity']) ?? null,
    capabilities: Object.fromEntries(requested.map((name) => [name, 'inactive'])),
    charges_enabled: false,
    controller: controller ?? CONTROLLER_OF_TYPE[type!],
    country,
    created: call.now,
    default_currency: currency,
    details_submitted: false,
    email: email ?? null,
    external_accounts: { object: 'list', data: [], has_more: false, url: `/v1/accounts/${id}/external_accounts` },
    future_requirements: requirements([]),
    metadata: params.metadata() ?? {},
    payouts_enabled: false,
    requirements: requirements(DUE_AT_START),
    tos_acceptance: { date: null, ip: null, user_agent: null },
    // Stripe reports `none` for an account described by its controller rather than by a type.
    type: type ?? 'none',
  })
}

/** The platform sees its connected accounts; a connected account sees only itself. */
export function retrieveAccount(call: Call): AccountObject {
  Params.none(call.form)
  const id = call.path.id!
  const account = call.state.accounts.get(id)
  if (!account || call.state.deauthorized.has(id) || (call.account !== null && call.account !== id))
    throw noAccess(id, call.key)
  return account
}

/** Plays the account holder finishing Stripe's hosted onboarding. */
export function activateAccount(call: Call, id: string): AccountObject {
  const account = call.state.accounts.get(id)
  if (!account) throw noSuch('account', id, 'account')
  if (account.charges_enabled) return account
  const previous = {
    capabilities: { ...account.capabilities },
    charges_enabled: false,
    details_submitted: false,
    payouts_enabled: false,
    requirements: structuredClone(account.requirements),
  }
  account.capabilities = Object.fromEntries(Object.keys(account.capabilities ?? {}).map((name) => [name, 'active']))
  account.charges_enabled = true
  account.details_submitted = true
  account.payouts_enabled = true
  account.requirements = requirements([])
  account.tos_acceptance = { date: call.now, ip: '127.0.0.1', user_agent: 'Stripe stand-in' }
  call.emit('account.updated', account, { account: id, previousAttributes: previous })
  return account
}

export function createAccountLink(call: Call) {
  requirePlatform(call)
  const params = new Params(call.form, ['account', 'type', 'refresh_url', 'return_url'])
  const id = params.requiredString('account')
  if (!call.state.accounts.has(id)) throw noSuch('account', id, 'account')
  const type = params.requiredOneOf('type', ['account_onboarding', 'account_update'])
  if (type === 'account_update')
    throw invalidRequest(
      'The Stripe stand-in does not implement account_update links; it makes account_onboarding links.',
      { param: 'type' },
    )
  const query = new URLSearchParams({
    return_url: params.requiredUrl('return_url'),
    refresh_url: params.requiredUrl('refresh_url'),
  })
  // Stripe's links last five minutes; the stand-in's page does not expire.
  return {
    object: 'account_link',
    created: call.now,
    expires_at: call.now + 300,
    url: `${call.origin}/_standin/onboarding/${id}?${query}`,
  }
}

/** The stand-in's hosted onboarding: what is still due, and a button that completes it. */
export function onboardingPage(call: Call, url: URL): Response {
  const account = call.state.accounts.get(call.path.id!)
  if (!account) return html(404, `<h1>No such account: ${escape(call.path.id!)}</h1>`)
  const due = account.requirements?.currently_due ?? []
  return html(
    200,
    `<h1>Onboarding ${escape(account.id)}</h1>
<p>This page stands in for Stripe's hosted onboarding. Completing it lets the account take charges and receive payouts.</p>
${due.length ? `<p>Still due:</p><ul>${due.map((item) => `<li>${escape(item)}</li>`).join('')}</ul>` : '<p>Nothing is due: the account is active.</p>'}
<form method="post" action="${escape(url.pathname + url.search)}"><button type="submit">Complete</button></form>`,
  )
}

export function completeOnboarding(call: Call, url: URL): Response {
  const returnUrl = url.searchParams.get('return_url')
  if (!call.state.accounts.has(call.path.id!)) return html(404, `<h1>No such account: ${escape(call.path.id!)}</h1>`)
  if (!returnUrl || !URL.canParse(returnUrl)) return html(400, '<h1>This onboarding link has no valid return_url.</h1>')
  activateAccount(call, call.path.id!)
  return new Response(null, { status: 303, headers: { Location: returnUrl } })
}

/** Stripe refuses a charge on a connected account until its onboarding is done. */
export function requireChargesEnabled(call: Call): void {
  if (call.account === null || call.state.accounts.get(call.account)?.charges_enabled) return
  throw invalidRequest(
    `Your account cannot currently make charges. To find out why charge creation is currently disabled, look at the \`requirements.disabled_reason\` property on this account (/v1/accounts/${call.account}).`,
  )
}

/** The account a Stripe-Account header names, which must be one of the platform's, still connected to it. */
export function connectedAccount(state: StandInState, header: string | null, key: string | null): string | null {
  if (header === null) return null
  if (!state.accounts.has(header) || state.deauthorized.has(header)) throw noAccess(header, key)
  return header
}

/** Stripe's refusal of an account the key cannot reach: one that does not exist, or that disconnected the platform. */
function noAccess(id: string, key: string | null): StripeError {
  const shown = key ? ` '${key.slice(0, 8)}${'*'.repeat(Math.max(key.length - 12, 3))}${key.slice(-4)}'` : ''
  return invalidRequest(
    `The provided key${shown} does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`,
    {
      code: 'account_invalid',
      status: 403,
    },
  )
}

function requirePlatform(call: Call): void {
  if (call.account !== null)
    throw invalidRequest('This request can only be made by the platform, without the Stripe-Account header.', {
      code: 'platform_account_required',
    })
}

function readController(params: Params): Stripe.Account.Controller | undefined {
  const controller = params.object('controller', ['fees', 'losses', 'requirement_collection', 'stripe_dashboard'])
  if (!controller) return undefined
  const payer = controller.object('fees', ['payer'])?.oneOf('payer', ['account', 'application']) ?? 'account'
  const losses = controller.object('losses', ['payments'])?.oneOf('payments', ['application', 'stripe']) ?? 'stripe'
  const dashboard =
    controller.object('stripe_dashboard', ['type'])?.oneOf('type', ['express', 'full', 'none']) ?? 'full'
  return {
    type: 'application',
    is_controller: true,
    fees: { payer },
    losses: { payments: losses },
    requirement_collection: controller.oneOf('requirement_collection', ['application', 'stripe']) ?? 'stripe',
    stripe_dashboard: { type: dashboard },
  }
}

function readCapabilities(params: Params): string[] {
  const capabilities = params.object('capabilities', CAPABILITIES)
  if (!capabilities) return [...CAPABILITIES]
  return CAPABILITIES.filter((name) => capabilities.object(name, ['requested'])?.requiredBoolean('requested'))
}

function html(status: number, body: string): Response {
  return new Response(
    `<!doctype html>\n<html lang="en"><meta charset="utf-8"><title>Stripe stand-in</title>\n${body}\n</html>\n`,
    {
      status,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    },
  )
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
