import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { boardStep, OPEN_STEPS } from '~/domain/kitchen'
import { livePath } from '~/domain/live'
import { can, homeOf, KITCHEN_HOME } from '~/domain/permissions'
import { KITCHEN_FORMS } from '~/domain/schemas/kitchen'
import { signatureOf } from '~/domain/signature'
import { requireStaff, requireStaffForm, type PageAccess } from '~/server/auth/guard.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { moveKitchenTicket, readKitchenBoard } from '~/server/kitchen/kitchen-board.server'
import { AllDay, BoardFilter } from '~/ui/admin/kitchen-board'
import { TicketCard } from '~/ui/admin/kitchen-ticket'
import { SignOutButton } from '~/ui/admin/sign-out'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { useChime } from '~/ui/admin/use-chime'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'
import { staffTitle } from '~/ui/page-title'
import { useLiveSocket } from '~/ui/use-live'
import { useDeviceSetting } from '~/ui/use-device-setting'
import { useNow } from '~/ui/use-now'

export const meta: MetaFunction = (args) => staffTitle(args, (t) => t('admin.kitchen.title'))

/** The board is every member's to see and to move on: the kitchen makes, the waiter serves. */
export const access: PageAccess = { view: 'kitchen.view', intents: KITCHEN_FORMS.permissions }

const BOARD = KITCHEN_HOME

/** The board follows the restaurant live itself (the staff area's own socket stands down). */
export const handle = { live: true }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { restaurant, role, device } = await requireStaff(context, request, 'page', access.view)
  const now = Date.now()
  return {
    step: boardStep(new URL(request.url).searchParams.get('step')),
    restaurantName: restaurant.restaurantName ?? '',
    canMove: can(role, 'kitchen.manage'),
    // The kitchen's tablet has nowhere else to go; the floor goes back to where its screens start.
    home: homeOf(role) === BOARD ? null : homeOf(role),
    device,
    now,
    tickets: await readKitchenBoard(ledgerOf(context.cloudflare.env, restaurant.id), now),
  }
}

/** A tap on a ticket. Done, the board simply shows it moved, as it was filtered; refused, it says why. */
export async function action({ request, context }: ActionFunctionArgs) {
  const step = boardStep(new URL(request.url).searchParams.get('step'))
  const board = step ? `${BOARD}?step=${step}` : BOARD
  const form = await request.formData()
  const { restaurant, person } = await requireStaffForm(context, request, access, form)
  const submission = parseWithZod(form, { schema: KITCHEN_FORMS.schema })
  if (submission.status !== 'success')
    return redirectWithToast(board, { title: 'admin.kitchen.errors.step', variant: 'destructive' }, { status: 303 })
  const env = context.cloudflare.env
  const { ticketId, request: move } = submission.value
  const moved = await moveKitchenTicket(env, ledgerOf(env, restaurant.id), ticketId, move, signatureOf(person))
  if (!moved.ok)
    return redirectWithToast(
      board,
      {
        title: moved.code === 'TICKET_BACKWARDS' ? 'admin.kitchen.backwards' : 'admin.kitchen.notFound',
        variant: 'destructive',
      },
      { status: 303 },
    )
  return redirect(board, 303)
}

export default function KitchenBoard() {
  const { restaurantName, canMove, home, device, now: drawnAt, tickets, step } = useLoaderData<typeof loader>()
  const { t } = useI18n()
  const now = useNow(drawnAt, 30_000)
  const [sound, setSound] = useDeviceSetting('mesa.kitchen.sound', true)
  const chime = useChime(
    tickets.filter((ticket) => ticket.step === 'new').map((ticket) => ticket.id),
    sound,
  )

  useLiveSocket(livePath.restaurant, (_event, revalidate) => revalidate(), { catchUp: true })
  // In the order they came, across the screen; a step asked for narrows them, served ones only then.
  const shown = tickets.filter((ticket) => (step ? ticket.step === step : OPEN_STEPS.includes(ticket.step)))

  return (
    <div className="min-h-dvh" data-testid="kitchen-board" data-chimes={chime.played}>
      <AdminTopBar backTo={home} backLabel={t('admin.cashOut.back')}>
        <button
          type="button"
          onClick={() => setSound(chime.blocked || !sound)}
          className={sound && !chime.blocked ? buttonClass.secondary : buttonClass.primary}
          aria-pressed={sound}
          data-testid="kitchen-sound"
          data-state={!sound ? 'off' : chime.blocked ? 'blocked' : 'on'}
        >
          {!sound
            ? t('admin.kitchen.soundOff')
            : chime.blocked
              ? t('admin.kitchen.soundBlocked')
              : t('admin.kitchen.soundOn')}
        </button>
        {home ? null : <SignOutButton device={device} />}
      </AdminTopBar>
      <main className="mx-auto max-w-[100rem] px-4 py-4">
        <h1 className="text-2xl font-bold">{t('admin.kitchen.title')}</h1>
        <p className="mb-4 text-stone-600 dark:text-stone-400">
          {t('admin.kitchen.lead', { restaurant: restaurantName })}
        </p>
        <BoardFilter tickets={tickets} step={step} />
        <AllDay tickets={tickets} />
        {shown.length === 0 ? (
          <p
            className="rounded-2xl border border-dashed border-stone-300 p-6 text-lg text-stone-600 dark:border-stone-600 dark:text-stone-400"
            data-testid="board-empty"
          >
            {step ? t('admin.kitchen.empty') : t('admin.kitchen.emptyOpen')}
          </p>
        ) : (
          <ol
            className="grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] items-start gap-3"
            aria-label={step ? t(`admin.kitchen.steps.${step}`) : t('admin.kitchen.open')}
            data-testid="board-tickets"
          >
            {shown.map((ticket) => (
              <li key={ticket.id} className="grid">
                <TicketCard ticket={ticket} now={now} canMove={canMove} />
              </li>
            ))}
          </ol>
        )}
      </main>
    </div>
  )
}
