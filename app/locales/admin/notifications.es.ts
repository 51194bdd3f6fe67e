import type { Widen } from '../widen'

/** Turning a member's alerts on for one device (Web Push); Spanish, the default. */
const notificationsEs = {
  title: 'Notificaciones',
  lead: 'Recibe en este dispositivo los avisos de {{restaurant}} aunque Mesa esté cerrada: pedidos nuevos, pagos, una mesa que llama al mesero.',
  needsJavaScript:
    'Las notificaciones necesitan JavaScript. Actívalo en tu navegador para encenderlas en este dispositivo.',
  checking: 'Revisando este dispositivo…',
  on: 'Activadas en este dispositivo',
  off: 'Desactivadas en este dispositivo',
  turnOn: 'Activar notificaciones',
  turnOff: 'Desactivar notificaciones',
  working: 'Un momento…',
  signOutNote: 'Se desactivan solas cuando cierras sesión en este dispositivo.',
  failed: 'Algo falló. Revisa tu conexión e inténtalo de nuevo.',
  dismissed: 'El navegador no recibió permiso. Toca de nuevo el botón y elige «Permitir».',
  denied:
    'Este navegador tiene bloqueadas las notificaciones de Mesa. Permítelas en la configuración del sitio y vuelve a esta página.',
  unsupported:
    'Este navegador no puede recibir notificaciones. Prueba con Chrome, Edge, Firefox o Safari actualizados.',
  notConfigured: 'Este servidor todavía no tiene configuradas las notificaciones.',
  sharedDevice:
    'Este es el dispositivo compartido del restaurante: cada quien activa las notificaciones en su propio teléfono.',
  homeScreen: {
    title: 'Primero, agrega Mesa a tu pantalla de inicio',
    text: 'En iPhone y iPad, las notificaciones solo llegan a Mesa abierta desde su ícono.',
    share: 'Toca Compartir',
    add: 'Elige «Añadir a pantalla de inicio»',
    open: 'Abre Mesa desde el ícono nuevo y vuelve a esta página',
  },
  errors: {
    endpoint: 'El navegador no dio una dirección de notificaciones válida (https).',
    keys: 'El navegador no dio claves de notificaciones válidas.',
  },
}

export type NotificationsResources = Widen<typeof notificationsEs>
export default notificationsEs
