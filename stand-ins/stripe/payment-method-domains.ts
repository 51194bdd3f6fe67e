import type Stripe from 'stripe'
import { invalidRequest } from './errors'
import { Params } from './params'
import { type Call, find, keep, newId } from './state'
import { listLimit, listPage } from './lists'

export type PaymentMethodDomainObject = Pick<
  Stripe.PaymentMethodDomain,
  | 'id'
  | 'object'
  | 'amazon_pay'
  | 'apple_pay'
  | 'created'
  | 'domain_name'
  | 'enabled'
  | 'google_pay'
  | 'klarna'
  | 'link'
  | 'paypal'
  | 'livemode'
>

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i

/** Registers a domain for Apple Pay, Google Pay and Link on the request's account (a connected account's own, for direct charges). */
export function createPaymentMethodDomain(call: Call): PaymentMethodDomainObject {
  const params = new Params(call.form, ['domain_name', 'enabled'])
  const domain = params.requiredString('domain_name')
  if (!HOSTNAME.test(domain))
    throw invalidRequest(`Invalid domain_name: '${domain}' is not a domain name (no scheme, path or port).`, {
      param: 'domain_name',
    })
  const active = { status: 'active' } as const
  return keep(call, call.state.paymentMethodDomains, {
    id: newId('pmd'),
    object: 'payment_method_domain',
    amazon_pay: active,
    apple_pay: active,
    created: call.now,
    domain_name: domain.toLowerCase(),
    enabled: params.boolean('enabled') ?? true,
    google_pay: active,
    klarna: active,
    link: active,
    livemode: false,
    paypal: active,
  })
}

export function retrievePaymentMethodDomain(call: Call): PaymentMethodDomainObject {
  Params.none(call.form)
  return find(call, call.state.paymentMethodDomains, call.path.id!, 'payment_method_domain', 'payment_method_domain')
}

/** The request's account's domains, newest first; `domain_name` and `enabled` filter them, as on Stripe. */
export function listPaymentMethodDomains(call: Call) {
  const params = new Params(call.form, ['domain_name', 'enabled', 'limit'])
  const limit = listLimit(params)
  const name = params.string('domain_name')?.toLowerCase()
  const enabled = params.boolean('enabled')
  const domains = [...call.state.paymentMethodDomains.values()]
    .filter(
      (domain) =>
        call.state.owners.get(domain.id) === call.account &&
        (name === undefined || domain.domain_name === name) &&
        (enabled === undefined || domain.enabled === enabled),
    )
    .reverse()
  return listPage(domains, limit, '/v1/payment_method_domains')
}
