import type { Widen } from './widen'

/** The public site (landing, terms, privacy, 404, footer, waitlist and contact); Spanish, the default. */
const siteEs = {
  meta: {
    title: 'Mesa · Paga en la mesa, sin app',
    description:
      'Tus comensales escanean el QR de la mesa, ven la cuenta en vivo, la dividen y pagan con tarjeta, Apple Pay o Google Pay. Sin app ni cuenta.',
    privacyTitle: 'Privacidad · Mesa',
    termsTitle: 'Términos y condiciones · Mesa',
    notFoundTitle: 'Página no encontrada · Mesa',
  },
  nav: {
    label: 'Navegación principal',
    login: 'Iniciar sesión',
    getDemo: 'Solicitar demo',
  },
  hero: {
    eyebrow: 'Para restaurantes en México',
    title: 'Tus comensales pagan desde la mesa en 10 segundos',
    lead: 'Escanean el código QR, ven la cuenta en vivo, pagan todo, solo lo suyo o una parte igual, y dejan propina. Sin descargar una app, sin crear una cuenta.',
    signUp: 'Registrar mi restaurante',
    waitlist: '¿Aún no? Te escribimos: únete a la lista de espera',
    tryDemo: 'Probar la demo',
    trial: '30 días de prueba gratis · Sin tarjeta de crédito',
  },
  demo: {
    title: 'Prueba la mesa demo',
    qrTab: 'Código QR',
    browserTab: 'Abrir en el navegador',
    qrHint: 'Escanéalo con la cámara de tu teléfono: verás la cuenta de la mesa 7 como la ve un comensal.',
    browserHint: 'Abre la mesa demo aquí mismo. Puedes pagar: es una demostración y no se cobra nada.',
    open: 'Abrir la mesa demo',
  },
  diners: {
    title: 'Para tus comensales',
    cards: {
      scan: {
        title: 'Escanea y listo',
        text: 'El QR de la mesa abre la cuenta en el navegador. Sin app, sin registro.',
      },
      live: { title: 'La cuenta en vivo', text: 'Cada platillo con quién lo pidió y lo que ya está pagado.' },
      split: { title: 'Divide como quieras', text: 'Todo, solo lo tuyo o partes iguales, sin hacer cuentas.' },
      tip: { title: 'Propina en un toque', text: '10, 15 o 20 %, o la cantidad que quieras.' },
      pay: { title: 'Tarjeta, Apple Pay y Google Pay', text: 'El método que ya usan, en segundos.' },
      order: { title: 'Pide desde la mesa', text: 'El menú en tu idioma; lo que pides llega directo a la cuenta.' },
    },
  },
  staff: {
    title: 'Para tu equipo',
    cards: {
      tables: { title: 'Mesas y códigos QR', text: 'Crea tus mesas e imprime sus códigos en un minuto.' },
      menu: { title: 'Constructor de menús', text: 'Categorías, platillos, precios y modificadores, en español.' },
      realtime: { title: 'Mesas en tiempo real', text: 'Qué se pidió y qué se pagó en cada mesa, al momento.' },
      analytics: { title: 'Analítica', text: 'Ventas, mesas atendidas, propina promedio y lo más vendido.' },
      cashout: { title: 'Corte de caja', text: 'El cierre del turno sin sumar tickets a mano.' },
      push: {
        title: 'Avisos al mesero',
        text: 'En su teléfono, cuando una mesa pide, llama, paga o su orden está lista.',
      },
      kitchen: {
        title: 'Cocina',
        text: 'Cada orden en la tableta del pase, con cuánto lleva esperando y lo que falta por preparar.',
      },
    },
  },
  preview: {
    splitAlt:
      'Dividir la cuenta en partes iguales en un teléfono: personas que pagan, tamaño de la mesa y la parte de cada quien.',
    title: 'Así se ve',
    customer: 'Vista del comensal',
    admin: 'Panel del restaurante',
    customerAlt:
      'La cuenta de la mesa 7 en un teléfono: por pagar, los platillos de cada comensal y el botón para pagar o dividir.',
    adminAlt: 'El panel del restaurante: las mesas activas con su código QR.',
  },
  start: {
    title: '¿Listo para cobrar más rápido?',
    text: 'Registra tu restaurante, crea tus mesas y coloca los códigos. Tus comensales pagan desde hoy.',
    cta: 'Empieza ahora',
  },
  benefits: {
    title: 'Por qué Mesa',
    items: {
      fast: { value: '10 s', text: 'para pagar la cuenta desde el teléfono' },
      trial: { value: '30 días', text: 'de prueba gratis para tu restaurante' },
      noApp: { value: '0 apps', text: 'que descargar: funciona en cualquier navegador' },
      methods: { value: '3 formas', text: 'de pago: tarjeta, Apple Pay y Google Pay' },
    },
  },
  waitlist: {
    title: 'Únete a la lista de espera',
    lead: 'Te escribimos en cuanto haya lugar para tu restaurante.',
    name: 'Tu nombre',
    email: 'Email',
    restaurantName: 'Nombre del restaurante',
    message: 'Mensaje (opcional)',
    submit: 'Unirme',
    submitting: 'Enviando…',
    thanksTitle: '¡Te has registrado!',
    thanksText: 'Gracias, {{name}}. Te escribiremos a {{email}} en cuanto haya lugar para {{restaurant}}.',
    close: 'Cerrar',
  },
  contact: {
    title: 'Contacto',
    lead: 'Déjanos tus datos y te llamamos.',
    name: 'Nombre',
    phone: 'Teléfono',
    email: 'Email',
    restaurant: 'Restaurante',
    submit: 'Enviar',
    thanks: 'Gracias! Nos pondremos en contacto contigo pronto.',
  },
  errors: {
    requiredTitle: 'Por favor completa todos los campos requeridos',
    requiredText: 'Necesitamos tu nombre, email y el nombre del restaurante.',
    emailTitle: 'Email inválido',
    emailText: 'Por favor ingresa un email válido.',
    required: 'Este campo es obligatorio',
    email: 'Email inválido',
    tooLong: 'El texto es demasiado largo',
    failedTitle: 'No pudimos enviar el formulario',
  },
  footer: {
    label: 'Enlaces del sitio',
    home: 'Inicio',
    login: 'Iniciar sesión',
    signup: 'Registro',
    contact: 'Contacto',
    privacy: 'Privacidad',
    terms: 'Términos',
    madeIn: 'Hecho con cariño en Monterrey, México',
    rights: '© {{year}} Mesa',
  },
  notFound: {
    title: '404: página no encontrada',
    text: '¿Olvidaste agregar la página al router?',
    home: 'Volver al inicio',
  },
  terms: {
    title: 'Términos y condiciones',
    updated: 'Última actualización: noviembre de 2026',
    intro: 'Los términos con los que tu restaurante usa Mesa, en pocas palabras. Al registrarte los aceptas.',
    sections: {
      service: {
        title: 'Qué es Mesa',
        text: 'Mesa muestra a tus comensales la cuenta de su mesa en su teléfono para que la dividan y la paguen, y te da un panel para tus mesas, menús, equipo y cortes de caja.',
      },
      account: {
        title: 'Tu cuenta',
        text: 'Los datos que das al registrarte deben ser verdaderos. Cuida tu contraseña: lo que se hace con tu cuenta, y con los accesos que das a tu equipo, es responsabilidad de tu restaurante.',
      },
      restaurant: {
        title: 'Lo que vendes',
        text: 'Los precios, los impuestos, las facturas y lo que sirves son de tu restaurante. Mesa muestra y cobra lo que tú y tu equipo capturan.',
      },
      payments: {
        title: 'Pagos con tarjeta',
        text: 'Los cobros con tarjeta llegan a tu propia cuenta de Stripe: tu restaurante es el comercio, con los términos y las comisiones de Stripe, y atiende sus reembolsos y contracargos. La comisión de Mesa, si la hay, se toma de cada cobro y aparece en tu cuenta de Stripe. Los pagos de prueba no mueven dinero y se muestran como prueba.',
      },
      availability: {
        title: 'Disponibilidad',
        text: 'Trabajamos para que Mesa funcione siempre, pero no podemos prometer que nunca falle. Si falla, tus comensales pueden pagarle a su mesero como siempre.',
      },
      ending: {
        title: 'Dejar Mesa',
        text: 'Puedes dejar de usar Mesa cuando quieras y pedirnos que borremos tus datos. Podemos cerrar una cuenta que se use para fraude o para cobrar algo ilegal.',
      },
      changes: {
        title: 'Cambios',
        text: 'Si cambiamos estos términos, actualizamos esta página y su fecha.',
      },
    },
    privacy: 'Lo que guardamos y por qué está en el aviso de privacidad.',
    privacyLink: 'Leer el aviso de privacidad',
    contact: '¿Preguntas? Escríbenos desde Contacto.',
  },
  privacy: {
    title: 'Privacidad',
    updated: 'Última actualización: noviembre de 2026',
    intro:
      'Mesa guarda solo lo que necesita para que un restaurante cobre en la mesa. Esto es todo lo que guardamos y por qué.',
    sections: {
      waitlist: {
        title: 'Lista de espera',
        text: 'Tu nombre, tu email, el nombre de tu restaurante y tu mensaje, para escribirte cuando haya lugar. También quedan en tu navegador.',
      },
      contact: {
        title: 'Solicitudes de contacto',
        text: 'Nombre, teléfono, email y restaurante, para llamarte de vuelta.',
      },
      bills: {
        title: 'Nombres en las cuentas',
        text: 'El nombre que un comensal escribe (opcional) al pedir o pagar, para dividir la cuenta. Se ve en la cuenta de esa mesa.',
      },
      payments: {
        title: 'Pagos',
        text: 'Monto, propina, método (tarjeta, Apple Pay o Google Pay) y la hora de cada pago, para el restaurante. Los datos de la tarjeta los maneja el procesador de pagos; Mesa no los guarda.',
      },
      accounts: {
        title: 'Cuentas de restaurante',
        text: 'Los datos del restaurante y del dueño, y la contraseña cifrada, para iniciar sesión.',
      },
      nothingElse: {
        title: 'Nada más',
        text: 'No hay publicidad ni rastreo. Las cookies guardan tu idioma, tu tema, tu sesión de personal y los avisos en pantalla.',
      },
    },
    contact: '¿Preguntas o quieres que borremos tus datos? Escríbenos desde Contacto.',
  },
}

export type SiteResources = Widen<typeof siteEs>
export default siteEs
