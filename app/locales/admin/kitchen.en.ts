import type { KitchenResources } from './kitchen.es'

/** The kitchen board in English; same keys as kitchen.es.ts. */
const kitchenEn: KitchenResources = {
  title: 'Kitchen',
  lead: 'Every order at {{restaurant}}, oldest first.',
  filter: 'Show tickets',
  open: 'Open',
  allDay: 'To make',
  allDayLabel: 'To make on the new tickets and those being prepared',
  took_one: 'Took {{count}} min',
  took_other: 'Took {{count}} min',
  steps: { new: 'New', preparing: 'Preparing', ready: 'Ready', served: 'Served' },
  moveTo: { preparing: 'Start', ready: 'Ready', served: 'Served' },
  undo: 'Undo',
  undoLabel: 'Undo: back to {{step}}',
  table: 'Table {{number}}',
  byDiners: 'Diners',
  sentBy: 'Sent by {{name}}',
  minutes_one: '{{count}} min',
  minutes_other: '{{count}} min',
  justNow: 'Now',
  voided: 'Voided: {{count}}',
  empty: 'No orders',
  emptyOpen: 'No open tickets.',
  print: 'Print',
  printTitle: 'Ticket · Table {{number}}',
  soundOn: 'Sound on',
  soundOff: 'Sound off',
  soundBlocked: 'Tap to turn the sound on',
  moved: 'Ticket moved to {{step}}',
  undone: 'Ticket moved back to {{step}}',
  backwards: 'This ticket has moved on already. Use “Undo” to move it back.',
  notFound: 'This ticket is no longer on the board.',
  errors: { step: 'Choose which step to move the ticket to' },
}

export default kitchenEn
