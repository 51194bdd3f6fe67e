import { json } from '~/server/http/api.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { readKitchenBoard } from '~/server/kitchen/kitchen-board.server'
import { staffApi } from '~/server/http/resource-routes.server'
import type { ApiAccess } from '~/server/auth/guard.server'

export const access = { GET: 'kitchen.view' } satisfies ApiAccess

/** GET /api/kitchen/tickets: the kitchen board, oldest first (docs/kitchen.md). */
const board = staffApi(access, {
  GET: async ({ env, restaurant }) => {
    const now = Date.now()
    return json({ tickets: await readKitchenBoard(ledgerOf(env, restaurant.id), now), at: now })
  },
})

export const loader = board
export const action = board
