import type Stripe from 'stripe'
import { collectApplicationFee } from './application-fees'
import { chargeOf } from './charges'
import { checkAmount, checkCurrency, format } from './currencies'
import { invalidParameter, invalidRequest, unexpectedState } from './errors'
import { Params } from './params'
import { attemptPayment, prepareConfirmation } from './payment-intent-confirmation'
import { findTestCard, type PaymentMethodObject } from './payment-methods'
import { calculatedDescriptor, checkSuffix } from './statement-descriptors'
import { type Call, find, keep, newId } from './state'

type LastPaymentError = Omit<
  Stripe.PaymentIntent.LastPaymentError,
  'payment_method' | 'payment_intent' | 'setup_intent' | 'source'
> & { payment_method?: PaymentMethodObject }

export type PaymentIntentObject = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_capturable'
  | 'amount_received'
  | 'application'
  | 'application_fee_amount'
  | 'automatic_payment_methods'
  | 'canceled_at'
  | 'cancellation_reason'
  | 'capture_method'
  | 'client_secret'
  | 'confirmation_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'livemode'
  | 'metadata'
  | 'next_action'
  | 'on_behalf_of'
  | 'payment_method_types'
  | 'processing'
  | 'receipt_email'
  | 'setup_future_usage'
  | 'shipping'
  | 'statement_descriptor'
  | 'statement_descriptor_suffix'
  | 'status'
  | 'transfer_data'
  | 'transfer_group'
> & {
  last_payment_error: LastPaymentError | null
  /** Ids, never expanded objects: the stand-in does not implement `expand`. */
  latest_charge: string | null
  payment_method: string | null
}

const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
]

export function createPaymentIntent(call: Call): PaymentIntentObject {
  const params = new Params(call.form, [
    'amount',
    'currency',
    'capture_method',
    'confirm',
    'confirmation_token',
    'payment_method',
    'payment_method_types',
    'automatic_payment_methods',
    'application_fee_amount',
    'description',
    'metadata',
    'return_url',
    'statement_descriptor_suffix',
  ])
  const amountParam = params.requiredInteger('amount')
  const currency = checkCurrency(params.requiredString('currency'))
  const amount = checkAmount(amountParam, currency, 'amount')
  const id = newId('pi')
  const intent: PaymentIntentObject = {
    id,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: applicationFee(call, params, amount) ?? null,
    ...paymentMethodChoice(params),
    canceled_at: null,
    cancellation_reason: null,
    capture_method: params.oneOf('capture_method', ['automatic', 'automatic_async', 'manual']) ?? 'automatic_async',
    client_secret: `${id}_secret_${newId('s').slice(2)}`,
    confirmation_method: 'automatic',
    created: call.now,
    currency,
    customer: null,
    description: params.clearableString('description') ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: params.metadata() ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    processing: null,
    receipt_email: null,
    setup_future_usage: null,
    shipping: null,
    statement_descriptor: null,
    statement_descriptor_suffix: suffixParam(call, params) ?? null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  }
  if (params.boolean('confirm')) {
    // Checked before the intent is kept: a confirmation Stripe refuses outright leaves no PaymentIntent behind.
    const attempt = prepareConfirmation(call, intent, params)
    keep(call, call.state.paymentIntents, intent)
    call.emit('payment_intent.created', intent)
    return attemptPayment(call, intent, attempt)
  }
  for (const name of ['confirmation_token', 'return_url']) {
    if (params.has(name))
      throw invalidParameter(`The parameter ${name} can only be used with confirm=true.`, { param: name })
  }
  const paymentMethod = params.string('payment_method')
  if (paymentMethod !== undefined) {
    intent.payment_method = findTestCard(paymentMethod, 'payment_method').id
    intent.status = 'requires_confirmation'
  }
  keep(call, call.state.paymentIntents, intent)
  call.emit('payment_intent.created', intent)
  return intent
}

export function retrievePaymentIntent(call: Call): PaymentIntentObject {
  Params.none(call.form)
  return findIntent(call)
}

export function confirmPaymentIntent(call: Call): PaymentIntentObject {
  const params = new Params(call.form, ['confirmation_token', 'payment_method', 'return_url'])
  const intent = findIntent(call)
  return attemptPayment(call, intent, prepareConfirmation(call, intent, params))
}

export function capturePaymentIntent(call: Call): PaymentIntentObject {
  const params = new Params(call.form, ['amount_to_capture', 'application_fee_amount', 'statement_descriptor_suffix'])
  const suffix = suffixParam(call, params)
  const intent = findIntent(call)
  if (intent.status !== 'requires_capture') {
    throw unexpectedState(
      `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
    )
  }
  const amount = params.integer('amount_to_capture') ?? intent.amount_capturable
  if (amount > intent.amount_capturable) {
    throw invalidRequest(
      `The amount_to_capture (${format(amount, intent.currency)}) must be less than or equal to the PaymentIntent's amount_capturable (${format(intent.amount_capturable, intent.currency)}).`,
      { code: 'amount_too_large', param: 'amount_to_capture' },
    )
  }
  checkAmount(amount, intent.currency, 'amount_to_capture')
  const fee = applicationFee(call, params, amount)
  const charge = chargeOf(call, intent)
  charge.captured = true
  charge.amount_captured = amount
  // Stripe releases the part of the authorisation that was not captured and shows it as refunded on the charge.
  charge.amount_refunded = charge.amount - amount
  if (fee !== undefined) intent.application_fee_amount = charge.application_fee_amount = fee
  if (suffix !== undefined) {
    intent.statement_descriptor_suffix = suffix
    charge.calculated_statement_descriptor = calculatedDescriptor(call, suffix)
  }
  collectApplicationFee(call, charge, charge.application_fee_amount ?? 0)
  intent.amount_capturable = 0
  intent.amount_received = amount
  intent.status = 'succeeded'
  call.emit('payment_intent.succeeded', intent)
  return intent
}

export function cancelPaymentIntent(call: Call): PaymentIntentObject {
  const params = new Params(call.form, ['cancellation_reason'])
  const intent = findIntent(call)
  const reason = params.oneOf('cancellation_reason', ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'])
  if (!CANCELABLE.includes(intent.status)) {
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
    )
  }
  return cancel(call, intent, reason ?? null)
}

/** Cancels an intent, releasing its authorisation if it holds one: on request, or (`automatic`) when it lapses. */
export function cancel(
  call: Call,
  intent: PaymentIntentObject,
  reason: PaymentIntentObject['cancellation_reason'],
): PaymentIntentObject {
  if (intent.status === 'requires_capture') {
    const charge = chargeOf(call, intent)
    charge.amount_refunded = charge.amount
    charge.refunded = true
  }
  intent.status = 'canceled'
  intent.canceled_at = call.now
  intent.cancellation_reason = reason
  intent.amount_capturable = 0
  intent.next_action = null
  call.emit('payment_intent.canceled', intent)
  return intent
}

function suffixParam(call: Call, params: Params): string | undefined {
  const suffix = params.string('statement_descriptor_suffix')
  return suffix === undefined ? undefined : checkSuffix(call, suffix)
}

function findIntent(call: Call): PaymentIntentObject {
  return find(call, call.state.paymentIntents, call.path.id!, 'payment_intent', 'intent')
}

/** Stripe takes a platform fee only on a direct charge, made on a connected account, and never more than the amount. */
function applicationFee(call: Call, params: Params, amount: number): number | undefined {
  const fee = params.integer('application_fee_amount')
  if (fee === undefined) return undefined
  if (call.account === null) {
    throw invalidRequest(
      'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      { param: 'application_fee_amount' },
    )
  }
  if (fee < 0)
    throw invalidRequest('Invalid application_fee_amount: must be greater than or equal to 0', {
      param: 'application_fee_amount',
    })
  if (fee > amount)
    throw invalidRequest(
      `The application_fee_amount (${fee}) must be less than or equal to the amount being charged (${amount}).`,
      { param: 'application_fee_amount' },
    )
  return fee
}

/** Without either parameter Stripe enables automatic payment methods; card is the only type the stand-in implements. */
function paymentMethodChoice(
  params: Params,
): Pick<PaymentIntentObject, 'automatic_payment_methods' | 'payment_method_types'> {
  const types = params.stringList('payment_method_types')
  const automatic = params.object('automatic_payment_methods', ['enabled', 'allow_redirects'])
  if (types && automatic)
    throw invalidParameter(
      'You may only specify one of these parameters: automatic_payment_methods, payment_method_types.',
      { code: 'parameters_exclusive' },
    )
  if (types) {
    const other = types.find((type) => type !== 'card')
    if (other)
      throw invalidRequest(
        `The Stripe stand-in does not implement the payment method type ${other}; it takes only card.`,
        { param: 'payment_method_types' },
      )
    return { automatic_payment_methods: null, payment_method_types: types }
  }
  if (!automatic) return { automatic_payment_methods: { enabled: true }, payment_method_types: ['card'] }
  const enabled = automatic.requiredBoolean('enabled')
  const allowRedirects = automatic.oneOf('allow_redirects', ['always', 'never'])
  return {
    automatic_payment_methods: enabled
      ? { enabled, ...(allowRedirects ? { allow_redirects: allowRedirects } : {}) }
      : null,
    payment_method_types: ['card'],
  }
}
