import type { Widen } from '../widen'

/** The kitchen board and its tickets; Spanish, the default. */
const kitchenEs = {
  title: 'Cocina',
  lead: 'Cada orden de {{restaurant}}, de la más antigua a la más nueva.',
  filter: 'Ver comandas',
  open: 'Abiertas',
  allDay: 'Por preparar',
  allDayLabel: 'Por preparar en las comandas nuevas y en preparación',
  took_one: 'En {{count}} min',
  took_other: 'En {{count}} min',
  steps: { new: 'Nuevo', preparing: 'En preparación', ready: 'Listo', served: 'Entregado' },
  /** What a button moves a ticket on to. */
  moveTo: { preparing: 'Empezar', ready: 'Listo', served: 'Entregado' },
  undo: 'Deshacer',
  undoLabel: 'Deshacer: regresar a {{step}}',
  table: 'Mesa {{number}}',
  byDiners: 'Comensales',
  sentBy: 'Envió {{name}}',
  minutes_one: '{{count}} min',
  minutes_other: '{{count}} min',
  justNow: 'Ahora',
  voided: 'Anulado: {{count}}',
  empty: 'Sin órdenes',
  emptyOpen: 'No hay comandas abiertas.',
  print: 'Imprimir',
  printTitle: 'Comanda · Mesa {{number}}',
  soundOn: 'Sonido activado',
  soundOff: 'Sonido apagado',
  soundBlocked: 'Toca para activar el sonido',
  moved: 'Comanda movida a {{step}}',
  undone: 'Comanda regresada a {{step}}',
  backwards: 'Esta comanda ya avanzó. Usa «Deshacer» para regresarla.',
  notFound: 'Esta comanda ya no está en el tablero.',
  errors: { step: 'Elige a qué paso mover la comanda' },
}

export type KitchenResources = Widen<typeof kitchenEs>
export default kitchenEs satisfies KitchenResources
