import { ticketRequestSchema } from '~/domain/schemas/kitchen'
import { signatureOf } from '~/domain/signature'
import type { ApiAccess } from '~/server/auth/guard.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { ApiError, json } from '~/server/http/api.server'
import { staffApi, withBody } from '~/server/http/resource-routes.server'
import { moveKitchenTicket } from '~/server/kitchen/kitchen-board.server'

export const access = { POST: 'kitchen.manage' } satisfies ApiAccess

/**
 * POST /api/kitchen/tickets/{id} { to } or { undoFrom }: moves a ticket on,
 * or undoes its last step; answers where it is now and whether this moved it.
 */
const move = staffApi(access, {
  POST: withBody(ticketRequestSchema, async ({ params, env, restaurant, person, t, body }) => {
    const moved = await moveKitchenTicket(env, ledgerOf(env, restaurant.id), params.id ?? '', body, signatureOf(person))
    if (!moved.ok)
      throw new ApiError(
        moved.code,
        moved.code === 'TICKET_BACKWARDS' ? t('admin.kitchen.backwards') : t('admin.kitchen.notFound'),
      )
    return json({ id: params.id, step: moved.step, changed: moved.changed })
  }),
})

export const loader = move
export const action = move
