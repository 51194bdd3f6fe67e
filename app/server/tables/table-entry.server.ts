import { data, redirect, type AppLoadContext } from '@remix-run/cloudflare'
import { customerPath } from '~/domain/customer-paths'
import { readTableCodeInput } from '~/domain/table-code'
import { retryAfter, tooManyText } from '../http/rate-limit.server'
import { lookupTableCode } from './table-codes.server'

/**
 * A table's code, typed at /customer or in the table's fixed link (/m/{code},
 * its QR): the short code (any case, with or without its dash) leads to the
 * table's current bill, and so does the long id of an older card; a code that
 * names no table comes back with the error, and after too many of those from
 * one address, with how long to wait (429); an archived table's code, with
 * the words that it is no longer available (410).
 */
export async function enterTable(
  request: Request,
  context: AppLoadContext,
  typed: string,
  /** A scanned link answers an archived table with the diner's "no longer available" page (its error boundary) rather than the code box. */
  { scanned = false } = {},
) {
  if (typed.trim() === '') return { typed, error: null }
  const input = readTableCodeInput(typed)
  // Never cached: the same code leads to the table's next bill once this one closes.
  const fresh = { headers: { 'Cache-Control': 'no-store' } }
  if (input.kind === 'session') throw redirect(customerPath.bill(input.sessionId), fresh)
  if (input.kind === 'invalid') return data({ typed, error: 'customer.enter.invalid' }, { status: 400 })
  const found = await lookupTableCode(context.cloudflare.env, input.code, context.clientAddress)
  if (found.found) throw redirect(customerPath.bill(found.sessionId), fresh)
  // The code is right, so the diner is told the table is gone rather than to check what they typed.
  if (found.archived) {
    if (scanned) throw data(null, { status: 410 })
    return data({ typed, error: 'customer.enter.gone' }, { status: 410 })
  }
  if (found.limit)
    return data(
      { typed, error: await tooManyText(request, found.limit) },
      { status: 429, headers: retryAfter(found.limit) },
    )
  return data({ typed, error: 'customer.enter.invalid' }, { status: 404 })
}
