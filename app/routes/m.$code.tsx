import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { enterTable } from '~/server/tables/table-entry.server'
import { EnterTable } from '~/ui/customer/enter-table'
import { pageTitle } from '~/ui/page-title'

export const meta: MetaFunction = (args) =>
  pageTitle(args, (t) => ({ page: t('customer.enter.title') }), { 410: 'customer.gone.title' })

export { CustomerErrorBoundary as ErrorBoundary } from '~/ui/customer/table-missing'

/**
 * A table's fixed link, the one its printed QR holds: always its current
 * bill, whichever party scans it after whichever bill closed. A code that
 * leads nowhere shows the code box with why.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return enterTable(request, context, params.code ?? '', { scanned: true })
}

export default function TableLink() {
  const { typed, error } = useLoaderData<typeof loader>()
  return <EnterTable typed={typed} error={error} />
}
