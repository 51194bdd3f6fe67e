import { apiError } from '~/server/http/api.server'

/** An /api address no route claims answers JSON like every other API error, not the site's 404 page. */
const notFound = () => apiError('NOT_FOUND', 'No such API endpoint.')

export const loader = notFound
export const action = notFound
