import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { unitsToMake } from '~/domain/kitchen'
import { requireStaff, type PageAccess } from '~/server/auth/guard.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { readKitchenTicket } from '~/server/kitchen/kitchen-board.server'
import { useAutoPrint } from '~/ui/admin/print-card'
import { useI18n } from '~/ui/i18n'
import { useClock } from '~/ui/clock'
import { staffTitle } from '~/ui/page-title'
import { PAPER } from '~/ui/theme'

export const handle = PAPER

export const meta: MetaFunction<typeof loader> = (args) =>
  staffTitle(args, (t) => t('admin.kitchen.printTitle', { number: args.data?.ticket.tableNumber ?? '' }))

export const access: PageAccess = { view: 'kitchen.view' }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { restaurant } = await requireStaff(context, request, 'page', access.view)
  const ticket = await readKitchenTicket(ledgerOf(context.cloudflare.env, restaurant.id), params.ticketId ?? '')
  if (!ticket) throw data(null, { status: 404 })
  return { ticket }
}

/**
 * A ticket for an 80 mm receipt printer: the page is the paper's width,
 * black on white, large type; it asks to print as it opens (with
 * JavaScript), and the browser's own Print does the same without.
 */
export default function PrintTicket() {
  const { ticket } = useLoaderData<typeof loader>()
  const { t } = useI18n()
  const clock = useClock()
  useAutoPrint(true)
  return (
    <main className="mx-auto w-[80mm] bg-white p-[3mm] font-mono text-black print:m-0" data-testid="printed-ticket">
      {/* The roll's own width is the paper: no page margins to eat into 80 mm. */}
      <style>{'@page { margin: 0 }'}</style>
      <h1 className="text-2xl font-bold">{t('admin.kitchen.table', { number: ticket.tableNumber })}</h1>
      <p>
        {clock.time(ticket.createdAt)} ·{' '}
        {ticket.sentBy ? t('admin.kitchen.sentBy', { name: ticket.sentBy }) : t('admin.kitchen.byDiners')}
      </p>
      <hr className="my-2 border-dashed border-black" />
      <ul className="grid gap-2">
        {ticket.lines.map((line) => (
          <li key={line.lineId}>
            <p className={`text-lg font-bold ${unitsToMake(line) === 0 ? 'line-through' : ''}`}>
              {unitsToMake(line) || line.quantity}× {line.name}
            </p>
            {line.options ? <p>{line.options}</p> : null}
            {line.note ? <p className="font-bold">** {line.note} **</p> : null}
            {line.voided > 0 ? <p className="font-bold">{t('admin.kitchen.voided', { count: line.voided })}</p> : null}
          </li>
        ))}
      </ul>
      <hr className="my-2 border-dashed border-black" />
      <p className="text-xs">{ticket.id.slice(-8)}</p>
    </main>
  )
}
