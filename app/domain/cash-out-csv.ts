import type { TFunction } from '~/locales/translate'
import { LEDGER_METHODS } from './bill'
import { METHOD_GROUPS, type CashOut } from './cash-out'
import type { CashOutPeriod } from './cash-out-period'
import type { DrawerSession } from './drawer'
import { registerName, type Register } from './registers'
import { formatLocalDateTime, wallClockAt } from './local-time'
import type { Cents } from './money'
import { count, csvDocument, money, text, type Cell } from './csv'

/* The cash-out as a spreadsheet (see csv.ts): one table of section, item, count, bill, tips and amount. */

/** The wall-clock reading as a spreadsheet reads a date and time: '2026-11-22 05:00'. */
const when = (local: string) => local.replace('T', ' ')

/** The file's name: `corte-de-caja-2026-11-22.csv`, or the shift's ends for a shift. */
export function cashOutFileName(period: CashOutPeriod, t: TFunction): string {
  const span = period.kind === 'day' ? period.day : `${period.from}_${period.to}`.replaceAll(':', '-')
  return `${t('admin.cashOut.csv.file')}-${span}.csv`
}

export function cashOutCsv(
  report: CashOut,
  about: {
    restaurant: string
    period: CashOutPeriod
    timeZone: string
    drawers: readonly DrawerSession[]
    /** The restaurant's registers, retired ones too: a register's sessions carry its name. */
    registers?: readonly Register[]
  },
  t: TFunction,
): string {
  const row = (
    section: string,
    item: string,
    values: { count?: number; bill?: Cents; tips?: Cents; amount?: Cents },
  ): Cell[] => [
    text(section),
    text(item),
    values.count === undefined ? null : count(values.count),
    values.bill === undefined ? null : money(values.bill),
    values.tips === undefined ? null : money(values.tips),
    values.amount === undefined ? null : money(values.amount),
  ]
  const section = (
    key:
      | 'payments'
      | 'refunds'
      | 'tipsByMethod'
      | 'byStaff'
      | 'adjustments'
      | 'bills'
      | 'unpaidReasons'
      | 'drawer'
      | 'drawerSessions'
      | 'summary',
  ) => t(`admin.cashOut.csv.${key}`)
  const methodName = (method: (typeof LEDGER_METHODS)[number]) => t(`admin.cashOut.methods.${method}`)

  const rows: Cell[][] = [
    [text(t('admin.cashOut.csv.restaurant')), text(about.restaurant)],
    [text(t('admin.cashOut.csv.from')), text(when(about.period.from))],
    [text(t('admin.cashOut.csv.to')), text(when(about.period.to))],
    [text(t('admin.cashOut.csv.timeZone')), text(about.timeZone)],
    [],
    [
      t('admin.cashOut.csv.section'),
      t('admin.cashOut.csv.item'),
      t('admin.cashOut.csv.count'),
      t('admin.cashOut.csv.bill'),
      t('admin.cashOut.csv.tips'),
      t('admin.cashOut.csv.amount'),
    ].map(text),
    ...[...METHOD_GROUPS, 'total' as const].map((group) => {
      const takings = report.payments[group]
      const name =
        group === 'mesa'
          ? `${t('admin.cashOut.groups.mesa')} (${t('admin.cashOut.groupHints.mesa')})`
          : t(`admin.cashOut.groups.${group}`)
      return row(section('payments'), name, {
        count: takings.count,
        bill: takings.billCents,
        tips: takings.tipCents,
        amount: takings.billCents + takings.tipCents,
      })
    }),
    ...[...LEDGER_METHODS, 'total' as const].map((method) => {
      const takings = report.refunds[method]
      return row(section('refunds'), method === 'total' ? t('admin.cashOut.refunds.total') : methodName(method), {
        count: takings.count,
        bill: takings.billCents,
        tips: takings.tipCents,
        amount: takings.billCents + takings.tipCents,
      })
    }),
    ...LEDGER_METHODS.map((method) =>
      row(section('tipsByMethod'), methodName(method), {
        tips: report.tipsByMethod[method],
        amount: report.tipsByMethod[method],
      }),
    ),
    ...report.byStaff.map((staff) =>
      row(section('byStaff'), staff.staff ?? t('admin.cashOut.diners'), {
        count: staff.payments,
        bill: staff.billCents,
        tips: staff.tipCents,
        amount: staff.billCents + staff.tipCents,
      }),
    ),
    row(section('adjustments'), t('admin.cashOut.adjustments.voids'), {
      count: report.voids.count,
      amount: report.voids.amountCents,
    }),
    row(section('adjustments'), t('admin.cashOut.adjustments.comps'), {
      count: report.comps.count,
      amount: report.comps.amountCents,
    }),
    row(section('bills'), t('admin.cashOut.bills.closed'), { count: report.billsClosed }),
    row(section('bills'), t('admin.cashOut.bills.unpaid'), {
      count: report.unpaid.count,
      amount: report.unpaid.amountCents,
    }),
    row(section('bills'), t('admin.cashOut.bills.disputesOpen'), {
      count: report.disputes.count,
      amount: report.disputes.openCents,
    }),
    row(section('bills'), t('admin.cashOut.bills.disputesLost'), { amount: report.disputes.lostCents }),
    row(section('bills'), t('admin.cashOut.bills.voidedPayments'), {
      count: report.voidedPayments.count,
      amount: report.voidedPayments.amountCents,
    }),
    ...report.unpaid.reasons.map((reason) =>
      row(section('unpaidReasons'), reason.reason ?? t('admin.cashOut.bills.noReason'), {
        count: reason.count,
        amount: reason.amountCents,
      }),
    ),
    row(section('drawer'), t('admin.cashOut.drawer.cashIn'), { amount: report.cashInCents }),
    row(section('drawer'), t('admin.cashOut.drawer.cashOut'), { amount: report.cashOutCents }),
    row(section('drawer'), t('admin.cashOut.drawer.expected'), { amount: report.expectedCashCents }),
    ...about.drawers.flatMap((drawer) => {
      const local = (at: number) => when(formatLocalDateTime(wallClockAt(at, about.timeZone)))
      const name = registerName(about.registers ?? [], drawer.registerId)
      const span = `${name ? `${name} · ` : ''}${local(drawer.coversFrom)} – ${drawer.closedAt === null ? t('admin.cashOut.csv.stillOpen') : local(drawer.closedAt)}`
      const line = (item: string, amount: Cents) => row(section('drawerSessions'), `${span} · ${item}`, { amount })
      const counted = drawer.counts[0]
      return [
        line(t('admin.cashOut.count.float'), drawer.floatCents),
        line(t('admin.cashOut.count.expected'), drawer.expectedCents),
        ...(counted && drawer.differenceCents !== null
          ? [
              line(t('admin.cashOut.count.counted'), counted.countedCents),
              line(t('admin.cashOut.count.difference'), drawer.differenceCents),
            ]
          : []),
      ]
    }),
    ...(['gross', 'refunds', 'net'] as const).map((key) =>
      row(section('summary'), t(`admin.cashOut.money.${key}`), {
        bill: report.summary[key].billCents,
        tips: report.summary[key].tipCents,
        amount: report.summary[key].totalCents,
      }),
    ),
    row(section('summary'), t('admin.cashOut.netSales'), { amount: report.netSalesCents }),
    row(section('summary'), t('admin.cashOut.tips'), { tips: report.tipsCents, amount: report.tipsCents }),
  ]
  return csvDocument(rows)
}
