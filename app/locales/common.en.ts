import type { DinerResources } from './es'

/** The texts every screen shares, in English; same keys as common.es.ts. */
const commonEn: DinerResources['common'] = {
  appName: 'Mesa',
  language: 'Language',
  display: 'Language and theme',
  languages: { es: 'Español', en: 'English' },
  poweredBy: 'Powered by',
  back: 'Back',
  close: 'Close',
  returnHome: 'Return home',
  loading: 'Loading…',
  dismiss: 'Dismiss',
  update: 'Update',
  paymentKinds: {
    whole: 'The whole bill',
    rest: 'The rest',
    items: 'Their items',
    amount: 'An amount',
    share: 'Equal share {{first}} of {{of}} of what was left',
    shares: 'Equal shares {{first}} to {{last}} of {{of}} of what was left',
    shareOfBill: 'Equal share {{first}} of {{of}} of the bill',
    sharesOfBill: 'Equal shares {{first}} to {{last}} of {{of}} of the bill',
  },
  errors: {
    '401': { title: 'Sign in to continue', text: "This page is only for the restaurant's staff." },
    '403': { title: "You don't have access", text: "Your account can't see this page." },
    '404': {
      title: "We couldn't find this page",
      text: 'The link may be mistyped, or what you are looking for no longer exists.',
    },
    '409': {
      title: 'Something changed meanwhile',
      text: 'Someone else made a change at the same time. Reload the page and try again.',
    },
    '429': {
      title: 'Too many requests',
      text: 'We received many requests from your connection. Wait a few minutes and try again.',
    },
    tooMany: 'We received many requests from your connection. Please try again in {{minutes}} min.',
    '500': { title: 'Something went wrong on our side', text: "It's not your fault. Please try again in a moment." },
    requestId: 'If you ask for help, quote this code: {{id}}',
    signIn: 'Sign in',
    dashboard: 'Back to the dashboard',
    kitchen: 'Back to the kitchen',
  },
}

export default commonEn
