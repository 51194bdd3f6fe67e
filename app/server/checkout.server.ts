import { quote, readSelection, readTip, selectionParams, type Selection } from '~/domain/checkout'
import type { BillView } from './bill.server'

/** Reads what a payment step's URL asks to pay, priced against the bill as it is now. */
export function checkoutFromUrl(bill: BillView, params: URLSearchParams) {
  const selection: Selection | null = readSelection(params)
  const priced = selection ? quote(bill.lines, bill.totals.remaining, selection, bill.splitPaid) : null
  const base = priced?.base ?? 0
  return {
    selection,
    quote: priced,
    base,
    tip: readTip(params, base),
    selectionQuery: selection ? selectionParams(selection).toString() : '',
  }
}
