import type { z } from 'zod'
import type { ErrorCode } from '~/domain/error-codes'
import { statusOf } from './errors.server'
import type { TFunction } from '~/locales/translate'

/** Largest JSON body an API route reads; a cart of 50 lines is a few KB. */
const MAX_BODY_BYTES = 64 * 1024

export function json<T>(data: T, init?: number | ResponseInit): Response {
  const options = typeof init === 'number' ? { status: init } : init
  const headers = new Headers(options?.headers)
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store')
  return Response.json(data, { ...options, headers })
}

/**
 * An API error: always JSON `{ message, code }` (docs/api.md, Error codes),
 * with any extra fields the client can use, at the code's one status.
 */
export function apiError(
  code: ErrorCode,
  message: string,
  extra?: Record<string, unknown>,
  headers?: HeadersInit,
): Response {
  return json({ message, code, ...extra }, { status: statusOf(code), headers })
}

/** Thrown inside API handlers; `api()` turns it into its response. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message)
  }
}

export function invariantApi(condition: unknown, code: ErrorCode, message: string): asserts condition {
  if (!condition) throw new ApiError(code, message)
}

/** Wraps a resource route handler so every failure answers JSON `{ message, code }`. */
export function api<Args>(handler: (args: Args) => Promise<Response>) {
  return async (args: Args): Promise<Response> => {
    try {
      return await handler(args)
    } catch (error) {
      if (error instanceof ApiError) return apiError(error.code, error.message, error.extra)
      if (error instanceof Response) return error
      console.error('Unhandled API error', error)
      return apiError('INTERNAL', 'Something went wrong on our side. Please try again.')
    }
  }
}

/** Answers 405 for a method a route does not serve. */
export function methodNotAllowed(allowed: string): () => Response {
  return () => apiError('METHOD_NOT_ALLOWED', `Method not allowed; use ${allowed}.`)
}

/**
 * Reads a JSON body and parses it with the payload's one schema. Schemas
 * whose messages are translation keys pass `t`, so the API answers
 * the words the forms show.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  translator?: () => Promise<TFunction>,
): Promise<z.output<S>> {
  const type = request.headers.get('Content-Type') ?? ''
  if (!/^application\/json\b/i.test(type))
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON (Content-Type: application/json).')
  const declared = Number(request.headers.get('Content-Length') ?? '0')
  if (declared > MAX_BODY_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large.')
  const text = await request.text()
  if (text.length > MAX_BODY_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large.')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new ApiError('INVALID_REQUEST', 'The request body is not valid JSON.')
  }
  const result = await schema.safeParseAsync(body)
  if (!result.success) {
    const t = await translator?.()
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: t ? t.message(issue.message) : issue.message,
    }))
    throw new ApiError('INVALID_REQUEST', issues[0]?.message ?? 'The request body is not valid.', { issues })
  }
  return result.data
}

/** A path on our own site to go back to after a form, or `fallback`: a form cannot be used to send someone elsewhere. */
export function safeRedirect(value: FormDataEntryValue | string | null, fallback = '/'): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
    ? value
    : fallback
}
