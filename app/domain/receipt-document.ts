import type { TFunction } from '~/locales/translate'
import { charged } from './bill'
import { GUEST } from './diners'
import { formatDateTime } from './format'
import { formatMoney } from './money'
import { folioText, type Receipt } from './receipt'
import { paidWhatLabel } from './payment-words'

/** One line of a receipt: what, and how much (or which). */
export interface ReceiptRow {
  label: string
  value: string
  /** The figure the eye looks for (the total). */
  strong?: boolean
}

/**
 * A receipt in words, in one language: what its page, its PDF and its mail
 * each lay out, so the three never say different things.
 */
export interface ReceiptDocument {
  /** The restaurant: its name, then its legal name and RFC and its address when set. */
  issuer: string[]
  title: string
  folio: string
  facts: ReceiptRow[]
  /** What the payment paid for: its lines, or one row saying which part of the bill. */
  paid: ReceiptRow[]
  totals: ReceiptRow[]
  /** Money given back since, or held by the diner's bank, and what the payment kept. */
  after: ReceiptRow[]
  notes: string[]
}

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
}

/** How the payment was made: the card's brand and last digits when the provider gave them. */
function methodText(receipt: Receipt, t: TFunction): string {
  const method = t(`receipt.methods.${receipt.method}`)
  if (!receipt.card) return method
  const card = t('receipt.cardNumber', {
    brand: CARD_BRANDS[receipt.card.brand] ?? receipt.card.brand,
    last4: receipt.card.last4,
  })
  return receipt.method === 'card' ? card : `${method} · ${card}`
}

const DISPUTE_ENDS = { won: 'won', lost: 'lost' } as const

export function receiptDocument(receipt: Receipt, t: TFunction, locale: string): ReceiptDocument {
  const { figures, restaurant } = receipt
  const when = (at: number) => formatDateTime(at, locale, receipt.timeZone)
  const fiscal = [restaurant.legalName, restaurant.rfc ? t('receipt.rfc', { rfc: restaurant.rfc }) : null]
    .filter(Boolean)
    .join(' · ')
  const table = receipt.table.tableName
    ? `${receipt.table.tableNumber} · ${receipt.table.tableName}`
    : receipt.table.tableNumber
  const { paid } = figures
  return {
    issuer: [restaurant.name, fiscal, restaurant.address ?? ''].filter(Boolean),
    title: t('receipt.title'),
    folio: t('receipt.folio', { folio: folioText(receipt.folio) }),
    facts: [
      { label: t('receipt.date'), value: when(receipt.paidAt) },
      { label: t('receipt.table'), value: table },
      ...(receipt.payerName === GUEST ? [] : [{ label: t('receipt.payer'), value: receipt.payerName }]),
      { label: t('receipt.method'), value: methodText(receipt, t) },
      { label: t('receipt.reference'), value: receipt.reference },
    ],
    paid:
      paid.kind === 'items' || paid.kind === 'whole'
        ? [
            ...(paid.kind === 'whole' ? [{ label: paidWhatLabel(paid, t), value: '' }] : []),
            ...paid.lines.map((line) => ({
              label: `${line.quantity}× ${line.name}`,
              value: formatMoney(line.amountCents),
            })),
          ]
        : [
            {
              label: paidWhatLabel(paid, t),
              value: formatMoney(figures.consumptionCents),
            },
          ],
    totals: [
      { label: t('receipt.subtotal'), value: formatMoney(figures.subtotalCents) },
      {
        label: t(figures.ivaIncluded ? 'receipt.ivaIncluded' : 'receipt.iva', { rate: figures.ivaRatePercent }),
        value: formatMoney(figures.ivaCents),
      },
      { label: t('receipt.consumption'), value: formatMoney(figures.consumptionCents) },
      { label: t('receipt.tip'), value: formatMoney(figures.tipCents) },
      { label: t('receipt.total'), value: formatMoney(figures.totalCents), strong: true },
      ...(figures.cash
        ? [
            { label: t('receipt.cashReceived'), value: formatMoney(figures.cash.receivedCents) },
            { label: t('receipt.change'), value: formatMoney(figures.cash.changeCents) },
          ]
        : []),
    ],
    after: [
      ...figures.refunds.map((refund) => ({
        label: t('receipt.refund', { date: when(refund.createdAt) }),
        value: `−${formatMoney(charged(refund))}`,
      })),
      ...receipt.disputes.map((dispute) => ({
        label: t('receipt.dispute', {
          amount: formatMoney(dispute.amountCents),
          status: t(
            `receipt.disputeStatus.${DISPUTE_ENDS[dispute.status as keyof typeof DISPUTE_ENDS] ?? ('open' as const)}`,
          ),
        }),
        value: '',
      })),
      ...(figures.refunds.length > 0
        ? [{ label: t('receipt.kept'), value: formatMoney(figures.keptCents), strong: true }]
        : []),
    ],
    notes: [...(figures.tipCents > 0 ? [t('receipt.tipNote')] : []), t('receipt.notFiscal')],
  }
}
