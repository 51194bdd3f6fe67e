import type { Widen } from '../widen'

/** Staff alerts; Spanish, the default. */
const alertsEs = {
  title: 'Avisos',
  bell_one: '{{count}} aviso sin leer',
  bell_other: '{{count}} avisos sin leer',
  bellNone: 'Avisos: ninguno sin leer',
  lead: 'Lo que pasó en las mesas que sigues, lo más nuevo primero.',
  empty: 'Sin avisos por ahora. Aquí verás cada pedido, pago, llamada y posible salida sin pagar de tus mesas.',
  kinds: {
    order: 'Mesa {{table}}: nuevo pedido de los comensales',
    payment: 'Mesa {{table}} pagó todo: {{amount}}',
    'partial-payment': 'Mesa {{table}}: pago parcial de {{amount}}',
    'payment-failed': 'Mesa {{table}}: un pago con tarjeta no pasó ({{amount}})',
    'payment-action':
      'Mesa {{table}}: un pago con tarjeta espera que el comensal lo confirme con su banco ({{amount}})',
    'refund-failed': 'Mesa {{table}}: el banco rechazó un reembolso de {{amount}}; el dinero no se devolvió',
    dispute:
      'Mesa {{table}}: el banco del comensal disputa un pago de {{amount}} (contracargo). Respóndelo en tu panel de Stripe',
    'dispute-won': 'Mesa {{table}}: ganaste la disputa de {{amount}}; el dinero es tuyo',
    'dispute-lost': 'Mesa {{table}}: perdiste la disputa de {{amount}}; el banco devolvió el dinero al comensal',
    'rating-low': 'Mesa {{table}}: un comensal calificó su visita con {{stars}} de 5 estrellas',
    call: 'Mesa {{table}} llama al mesero: {{reason}}',
    ready: 'Mesa {{table}}: orden lista en cocina',
    walkout: 'Mesa {{table}}: ¿se fueron sin pagar? Quedan {{amount}} y nadie tiene la cuenta abierta',
    'fiscal-failed':
      'Mesa {{table}}: Facturapi no emite la nota de crédito de un reembolso de {{amount}} ({{detail}}). Se sigue intentando cada minuto; revisa tus datos fiscales',
    'stripe-account':
      'Mesa {{table}}: Stripe envió un aviso de un pago de esta cuenta desde otra cuenta de Stripe; no se aplicó. Revisa tu cuenta conectada',
  },
  reasons: { order: 'pedir algo', bill: 'traer la cuenta', help: 'ayuda' },
  unread: 'Sin leer',
  open: 'Ver mesa',
  markRead: 'Marcar como leído',
  markAllRead: 'Marcar todo como leído',
  answer: 'Atender',
  answered: 'Avisamos a la mesa que vas en camino',
  callGone: 'Esa llamada ya no está',
  sound: 'Sonido de avisos',
  onThisPhone: 'Avisos en este teléfono con la app cerrada',
  soundOn: 'Activado',
  soundOff: 'Apagado',
  soundSaved: 'Preferencia de sonido guardada',
  follow: 'Seguir esta mesa',
  unfollow: 'Dejar de seguir',
  following: 'Recibes los avisos de esta mesa.',
  notFollowing: 'No recibes los avisos de esta mesa.',
  followSaved: 'Listo',
  callWaiting: 'La mesa llama al mesero: {{reason}} (desde las {{time}})',
}

export type AlertsResources = Widen<typeof alertsEs>
export default alertsEs satisfies AlertsResources
