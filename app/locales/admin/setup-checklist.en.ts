import type { SetupChecklistResources } from './setup-checklist.es'

/** The setup checklist in English; same keys as setup-checklist.es.ts. */
const setupChecklistEn: SetupChecklistResources = {
  title: 'Set up your restaurant',
  lead: 'Six steps to taking payments at your tables. Each one ticks itself as soon as you finish it.',
  progress: '{{done}} of {{total}} steps done',
  done: 'Done',
  todo: 'To do',
  steps: {
    details: {
      title: 'Your restaurant’s details',
      text: 'Check the name, address, taxes (IVA) and time zone, and save.',
      action: 'Check details',
      again: 'Check details',
    },
    menu: {
      title: 'Your first menu',
      text: 'Make a menu with at least one dish: your diners order from it.',
      action: 'Make a menu',
      again: 'See menus',
    },
    tables: {
      title: 'Your tables and their QR cards',
      text: 'Add a table and print its card: its QR code opens that table’s bill.',
      action: 'Add a table',
      again: 'Add another table',
    },
    payments: {
      title: 'Card payments (Stripe) and your bank account',
      text: 'Connect your Stripe account and finish its sign-up with the bank account you are paid into.',
      action: 'Connect Stripe',
      again: 'See card payments',
    },
    team: {
      title: 'Your team',
      text: 'Invite your waiters, managers or kitchen. It counts as soon as you send an invitation.',
      action: 'Invite your team',
      again: 'See your team',
    },
    testPayment: {
      title: 'A test payment on your own table',
      text: 'Open your table as a diner, order a dish and pay for it. Until Stripe is active, turn on test payments in Settings or record a cash payment on the table.',
      action: 'Open my table',
      again: 'Open my table',
      needsTable: 'Add a table first',
    },
  },
  newTab: '(opens in a new tab)',
  dismissHint: 'Once every step is done you can put this list away.',
  allDone: 'All set! Your restaurant takes payments at the table.',
  dismiss: 'Put the list away',
  dismissed: 'Setup checklist put away',
  notDone: 'Some steps are still to do: finish them to put the list away.',
}

export default setupChecklistEn
