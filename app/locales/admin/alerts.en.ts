import type { AlertsResources } from './alerts.es'

/** Staff alerts in English; same keys as alerts.es.ts. */
const alertsEn: AlertsResources = {
  title: 'Alerts',
  bell_one: '{{count}} unread alert',
  bell_other: '{{count}} unread alerts',
  bellNone: 'Alerts: none unread',
  lead: 'What happened at the tables you follow, newest first.',
  empty: 'No alerts yet. Every order, payment, call and possible walkout at your tables shows here.',
  kinds: {
    order: 'Table {{table}}: new order from the diners',
    payment: 'Table {{table}} paid in full: {{amount}}',
    'partial-payment': 'Table {{table}}: partial payment of {{amount}}',
    'payment-failed': 'Table {{table}}: a card payment did not go through ({{amount}})',
    'payment-action': 'Table {{table}}: a card payment waits for the diner to confirm it with their bank ({{amount}})',
    'refund-failed': 'Table {{table}}: the bank refused a refund of {{amount}}; the money was not given back',
    dispute:
      'Table {{table}}: the diner’s bank disputes a payment of {{amount}} (chargeback). Answer it in your Stripe Dashboard',
    'dispute-won': 'Table {{table}}: you won the dispute of {{amount}}; the money is yours',
    'dispute-lost': 'Table {{table}}: you lost the dispute of {{amount}}; the bank gave the money back to the diner',
    'rating-low': 'Table {{table}}: a diner rated their visit {{stars}} out of 5 stars',
    call: 'Table {{table}} is calling the waiter: {{reason}}',
    ready: 'Table {{table}}: order ready in the kitchen',
    walkout: 'Table {{table}}: did they leave without paying? {{amount}} is left and nobody has the bill open',
    'fiscal-failed':
      'Table {{table}}: Facturapi is not issuing the credit note of a {{amount}} refund ({{detail}}). Mesa keeps trying every minute; check your tax details',
    'stripe-account':
      'Table {{table}}: Stripe sent word of a payment on this bill from another Stripe account; nothing was applied. Check your connected account',
  },
  reasons: { order: 'to order something', bill: 'bring the bill', help: 'help' },
  unread: 'Unread',
  open: 'See table',
  markRead: 'Mark as read',
  markAllRead: 'Mark all as read',
  answer: 'Answer',
  answered: 'We told the table you are on your way',
  callGone: 'That call is gone',
  sound: 'Alert sound',
  onThisPhone: 'Alerts on this phone with the app closed',
  soundOn: 'On',
  soundOff: 'Off',
  soundSaved: 'Sound preference saved',
  follow: 'Follow this table',
  unfollow: 'Unfollow',
  following: 'You get this table’s alerts.',
  notFollowing: 'You do not get this table’s alerts.',
  followSaved: 'Done',
  callWaiting: 'The table is calling the waiter: {{reason}} (since {{time}})',
}

export default alertsEn
