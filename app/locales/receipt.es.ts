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
    title: 'Solicitar factura',
    lead: 'Tu factura (CFDI 4.0) cubre lo que consumiste, con su IVA. La propina no se factura: es del equipo, no un ingreso del restaurante.',
    rfc: 'RFC',
    legalName: 'Razón social',
    taxRegime: 'Régimen fiscal',
    postalCode: 'Código postal de tu domicilio fiscal',
    cfdiUse: 'Uso del CFDI',
    email: 'Correo para recibirla',
    emailHint: 'Te enviamos el PDF y el XML a este correo.',
    submit: 'Solicitar factura',
    outcome: {
      pending: 'Solicitud recibida: tu factura llegará a {{email}}',
      issued: 'Tu factura está lista: la enviamos a {{email}}',
      rejected: 'No se pudo emitir tu factura: revisa el motivo y tus datos',
    },
    closed: 'Ya no puedes solicitar factura de este pago: {{reason}}.',
    invoicedGlobally:
      'este pago ya se incluyó en la factura global del restaurante, así que ya no puede facturarse a tu nombre',
    expired:
      'el restaurante recibía solicitudes de factura de este pago hasta el {{date}}; ese plazo ya pasó y el consumo va en su factura global',
    pending: 'Recibimos tu solicitud. El restaurante emitirá tu factura y te llegará a {{email}}.',
    issued: 'Tu factura está lista; también te la enviamos a {{email}}.',
    rejected: 'El restaurante no pudo emitir tu factura: {{reason}}. Corrige tus datos y vuelve a solicitarla.',
    downloadPdf: 'Descargar PDF',
    downloadXml: 'Descargar XML',
    refused: {
      refunded: 'Este pago se reembolsó por completo: no hay consumo que facturar.',
      already: 'Ya hay una solicitud de factura para este pago.',
      global: 'Este pago ya se incluyó en la factura global del restaurante: ya no puede facturarse a tu nombre.',
      expired: 'Ya pasó el plazo del restaurante para pedir factura de este pago.',
    },
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
      cfdiUse: 'Elige el uso del CFDI.',
      cfdiUseForRegime: 'Ese uso del CFDI no es válido para el régimen elegido.',
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
