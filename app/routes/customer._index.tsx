import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { enterTable } from '~/server/tables/table-entry.server'
import { EnterTable } from '~/ui/customer/enter-table'
import { pageTitle } from '~/ui/page-title'

export const meta: MetaFunction = (args) => pageTitle(args, (t) => ({ page: t('customer.enter.title') }))

/** A bare /customer asks for the table's code (see enterTable). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return enterTable(request, context, new URL(request.url).searchParams.get('code') ?? '')
}

export default function EnterTableRoute() {
  const { typed, error } = useLoaderData<typeof loader>()
  return <EnterTable typed={typed} error={error} />
}
