import type { Widen } from './widen'

/** A payment's receipt: its page, its PDF and its mail; Spanish, the default. */
const receiptEs = {
  title: 'Recibo de pago',
  folio: 'Folio {{folio}}',
  rfc: 'RFC {{rfc}}',
  date: 'Fecha',
  table: 'Mesa',
  payer: 'Pagó',
  method: 'Forma de pago',
  reference: 'Referencia',
  paid: 'Lo que se pagó',
  paidKinds: {
    whole: 'La cuenta completa',
    rest: 'Lo que faltaba de la cuenta',
    share_one: '{{count}} de {{of}} partes iguales de la cuenta',
    share_other: '{{count}} de {{of}} partes iguales de la cuenta',
    amount: 'Un pago a cuenta',
  },
  subtotal: 'Subtotal',
  iva: 'IVA ({{rate}} %)',
  ivaIncluded: 'IVA incluido ({{rate}} %)',
  consumption: 'Consumo',
  tip: 'Propina',
  tipNote: 'La propina es para el equipo: no es parte del consumo.',
  total: 'Total pagado',
  cashReceived: 'Efectivo recibido',
  change: 'Cambio',
  methods: {
    card: 'Tarjeta',
    apple: 'Apple Pay',
    google: 'Google Pay',
    cash: 'Efectivo',
    terminal: 'Terminal del restaurante',
  },
  cardNumber: '{{brand}} terminada en {{last4}}',
  refund: 'Reembolso del {{date}}',
  kept: 'Total después de reembolsos',
  dispute: 'Contracargo de {{amount}}: {{status}}',
  disputeStatus: {
    open: 'en revisión del banco',
    won: 'resuelto a favor del restaurante',
    lost: 'el banco devolvió el dinero',
  },
  notFiscal: 'Este recibo no es un comprobante fiscal (CFDI).',
  print: 'Imprimir',
  pdf: 'Descargar PDF',
  email: {
    title: 'Enviar por correo',
    label: 'Tu correo',
    send: 'Enviar recibo',
    sent: 'Te enviamos el recibo a {{email}}',
    invalid: 'Escribe un correo válido.',
    failed: 'No pudimos enviar el correo. Inténtalo de nuevo en un momento.',
    subject: 'Tu recibo de {{restaurant}} ({{folio}})',
    intro: 'Gracias por tu visita a {{restaurant}}. Adjuntamos tu recibo en PDF; también puedes verlo aquí:',
  },
  factura: {
    confirmRfc: 'Confirmo que este RFC es correcto (su dígito verificador no coincide, pero así lo dio el SAT)',
    legalNameHint:
      'Tal como aparece en la Constancia de Situación Fiscal, sin el régimen de capital (por ejemplo, sin «SA de CV»).',
    chooseRegime: 'Elige el régimen',
    errors: {
      rfc: 'Escribe el RFC.',
      rfcReasons: {
        shape:
          'El RFC tiene 13 caracteres para una persona física o 12 para una moral: letras, la fecha (AAMMDD) y la homoclave.',
        date: 'La fecha dentro del RFC (AAMMDD) no existe.',
        generic: 'Ese RFC genérico es para la factura global del restaurante; para tu factura escribe tu propio RFC.',
      },
      rfcCheckDigit:
        'El último carácter del RFC no coincide con su dígito verificador. Revísalo; si así aparece en tu Constancia, confírmalo abajo.',
      legalName: 'Escribe la razón social.',
      taxRegime: 'Elige un régimen fiscal.',
      regimeFor: {
        fisica: 'Ese régimen no es de personas físicas (RFC de 13 caracteres).',
        moral: 'Ese régimen no es de personas morales (RFC de 12 caracteres).',
      },
      postalCode: 'El código postal tiene 5 dígitos.',
    },
  },
  backToBill: 'Volver a la cuenta',
  file: 'recibo',
  notFound: {
    title: 'Recibo no encontrado',
    text: 'El enlace no es válido o el recibo ya no existe. Pide ayuda al restaurante.',
  },
}

export type ReceiptResources = Widen<typeof receiptEs>
export default receiptEs
