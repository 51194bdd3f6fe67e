import type { RefusalCode } from '~/domain/bill'

/** How a write to a bill ends: the TableSession object's answer, as the API reports it. */
export type WriteFailure = { ok: false; status: number; code: FailureCode; message: string }
export type WriteResult<T> = ({ ok: true } & T) | WriteFailure
export type FailureCode = RefusalCode | 'NOT_FOUND' | 'CLOSED' | 'DECLINED' | 'REUSED_TRANSACTION' | 'INVALID_OPTIONS' | 'PRICE_NOT_ALLOWED'

export const fail = (status: number, code: FailureCode, message: string): WriteFailure => ({ ok: false, status, code, message })

export const tableNotFound = () => fail(404, 'NOT_FOUND', 'Table not found.')

/** A diner still looking at a bill the restaurant has since closed is told so instead of writing onto the next party's bill. */
export const billClosed = () => fail(409, 'CLOSED', 'This bill has been closed. Scan the table code again to see the current one.')
