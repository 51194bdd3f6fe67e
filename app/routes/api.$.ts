import { apiError } from '~/server/http.server'

/** An /api address no route claims answers JSON like every other API error, not the site's 404 page. */
const notFound = () => apiError(404, 'No such API endpoint.')

export const loader = notFound
export const action = notFound
