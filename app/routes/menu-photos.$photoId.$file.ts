import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { isIdLike } from '~/domain/ids'
import { methodNotAllowed } from '~/server/http/api.server'

/** A year: the address names one upload's one size, and a new photo gets a new address. */
const FOREVER = 'public, max-age=31536000, immutable'

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
  })

/**
 * GET /menu-photos/{photoId}/{width}.webp: one kept size of a dish photo,
 * public like the menu it is on. A removed photo's files are deleted, so its
 * addresses answer 404.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const photoId = params.photoId ?? ''
  const width = /^([1-9]\d{0,3})\.webp$/.exec(params.file ?? '')?.[1]
  if (!isIdLike(photoId) || !width) return notFound()
  const object = await context.cloudflare.env.MENU_PHOTOS.get(`${photoId}/${width}.webp`, { onlyIf: request.headers })
  if (!object) return notFound()
  const headers = new Headers({ 'Content-Type': 'image/webp', 'Cache-Control': FOREVER, ETag: object.httpEtag })
  // With If-None-Match matching, R2 answers the object's metadata without its body.
  if (!('body' in object)) return new Response(null, { status: 304, headers })
  headers.set('Content-Length', String(object.size))
  return new Response(object.body, { headers })
}

export const action = methodNotAllowed('GET')
