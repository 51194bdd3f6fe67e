import type { ReceiptResources } from './receipt.es'

const receiptEn: ReceiptResources = {
  title: 'Payment receipt',
  folio: 'Folio {{folio}}',
  rfc: 'RFC {{rfc}}',
  date: 'Date',
  table: 'Table',
  payer: 'Paid by',
  method: 'Paid with',
  reference: 'Reference',
  paid: 'What was paid',
  paidKinds: {
    whole: 'The whole bill',
    rest: 'What was left of the bill',
    share_one: '{{count}} of {{of}} equal shares of the bill',
    share_other: '{{count}} of {{of}} equal shares of the bill',
    amount: 'A payment towards the bill',
  },
  subtotal: 'Subtotal',
  iva: 'VAT (IVA, {{rate}} %)',
  ivaIncluded: 'VAT included (IVA, {{rate}} %)',
  consumption: 'Food & drinks',
  tip: 'Tip',
  tipNote: 'The tip goes to the team: it is not part of the food and drinks.',
  total: 'Total paid',
  cashReceived: 'Cash received',
  change: 'Change',
  methods: {
    card: 'Card',
    apple: 'Apple Pay',
    google: 'Google Pay',
    cash: 'Cash',
    terminal: 'Restaurant’s terminal',
  },
  cardNumber: '{{brand}} ending in {{last4}}',
  refund: 'Refund of {{date}}',
  kept: 'Total after refunds',
  dispute: 'Chargeback of {{amount}}: {{status}}',
  disputeStatus: {
    open: 'under review by the bank',
    won: 'resolved in the restaurant’s favour',
    lost: 'the bank returned the money',
  },
  notFiscal: 'This receipt is not a tax invoice (CFDI).',
  print: 'Print',
  pdf: 'Download PDF',
  email: {
    title: 'Email it to me',
    label: 'Your email',
    send: 'Send receipt',
    sent: 'We sent the receipt to {{email}}',
    invalid: 'Enter a valid email address.',
    failed: 'We could not send the email. Try again in a moment.',
    subject: 'Your receipt from {{restaurant}} ({{folio}})',
    intro: 'Thank you for visiting {{restaurant}}. Your receipt is attached as a PDF; you can also see it here:',
  },
  factura: {
    confirmRfc: 'I confirm this RFC is right (its check digit does not match, but it is as the SAT issued it)',
    legalNameHint:
      'Exactly as on the Constancia de Situación Fiscal, without the company type (for example, without “SA de CV”).',
    chooseRegime: 'Choose the regime',
    errors: {
      rfc: 'Enter the RFC.',
      rfcReasons: {
        shape:
          'An RFC has 13 characters for a person or 12 for a company: letters, the date (YYMMDD) and the homoclave.',
        date: 'The date inside the RFC (YYMMDD) does not exist.',
        generic: 'That generic RFC is for the restaurant’s global invoice; for your own factura enter your own RFC.',
      },
      rfcCheckDigit:
        'The RFC’s last character does not match its check digit. Check it; if that is how it appears on your Constancia, confirm it below.',
      legalName: 'Enter the legal name.',
      taxRegime: 'Choose a tax regime.',
      regimeFor: {
        fisica: 'That regime is not for individuals (13-character RFC).',
        moral: 'That regime is not for companies (12-character RFC).',
      },
      postalCode: 'The postal code has 5 digits.',
    },
  },
  backToBill: 'Back to the bill',
  file: 'receipt',
  notFound: {
    title: 'Receipt not found',
    text: 'The link is not valid or the receipt no longer exists. Ask the restaurant for help.',
  },
}

export default receiptEn
