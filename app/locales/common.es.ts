/**
 * The texts every screen shares (buttons, error pages), in Spanish. Apart
 * from es.ts so that a page whose root data is missing can draw its error
 * in Spanish without the phone downloading every diner text.
 */
const commonEs = {
  appName: 'Mesa',
  language: 'Idioma',
  display: 'Idioma y tema',
  languages: { es: 'Español', en: 'English' },
  poweredBy: 'Con la tecnología de',
  back: 'Regresar',
  close: 'Cerrar',
  returnHome: 'Volver al inicio',
  loading: 'Cargando…',
  dismiss: 'Descartar',
  update: 'Actualizar',
  paymentKinds: {
    whole: 'Cuenta completa',
    rest: 'El resto',
    items: 'Sus artículos',
    amount: 'Un importe',
    share: 'Parte igual {{first}} de {{of}} de lo que faltaba',
    shares: 'Partes iguales {{first}} a {{last}} de {{of}} de lo que faltaba',
    shareOfBill: 'Parte igual {{first}} de {{of}} de la cuenta',
    sharesOfBill: 'Partes iguales {{first}} a {{last}} de {{of}} de la cuenta',
  },
  errors: {
    '401': { title: 'Inicia sesión para continuar', text: 'Esta página es solo para el personal del restaurante.' },
    '403': { title: 'No tienes acceso', text: 'Tu cuenta no puede ver esta página.' },
    '404': {
      title: 'No encontramos esta página',
      text: 'Puede que el enlace esté mal escrito o que lo que buscas ya no exista.',
    },
    '409': {
      title: 'Algo cambió mientras tanto',
      text: 'Alguien más hizo un cambio al mismo tiempo. Vuelve a cargar la página e inténtalo de nuevo.',
    },
    '429': {
      title: 'Demasiadas solicitudes',
      text: 'Recibimos muchas solicitudes desde tu conexión. Espera unos minutos e inténtalo de nuevo.',
    },
    tooMany: 'Recibimos muchas solicitudes desde tu conexión. Inténtalo de nuevo en {{minutes}} min.',
    '500': { title: 'Algo salió mal de nuestro lado', text: 'No es tu culpa. Inténtalo de nuevo en un momento.' },
    requestId: 'Si pides ayuda, menciona este código: {{id}}',
    signIn: 'Iniciar sesión',
    dashboard: 'Volver al panel',
    kitchen: 'Volver a la cocina',
  },
} as const

export default commonEs
