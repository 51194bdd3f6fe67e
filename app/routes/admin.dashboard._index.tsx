import { statusOf } from '~/server/http/errors.server'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/cloudflare'
import { can } from '~/domain/permissions'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { needsSomeone, onTheFloor } from '~/domain/floor'
import type { TranslationKey } from '~/locales/translate'
import { DASHBOARD_FORMS, type DashboardIntent } from '~/domain/schemas/tables'
import { requireStaff, requireStaffForm, type PageAccess } from '~/server/auth/guard.server'
import { codeEntrySite, qrSvg, tableUrl } from '~/server/tables/qr.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { globalDue } from '~/server/invoices/global-invoice-page.server'
import { GlobalInvoiceDue } from '~/ui/admin/global-invoice'
import { archiveRefusalKey, archiveTable, createTable, listTables, updateTable } from '~/server/tables/tables.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { dismissSetupChecklist, loadSetupChecklist } from '~/server/setup/setup-checklist.server'
import { UrlDialog } from '~/ui/admin/dialog'
import { ArchiveTableForm, CreateTableForm, EditTableForm } from '~/ui/admin/table-dialogs'
import { FloorChip, TableState } from '~/ui/admin/table-state'
import { EmptyState } from '~/ui/admin/empty-state'
import { SetupChecklist } from '~/ui/admin/setup-checklist'
import { TableCode } from '~/ui/admin/print-card'
import { cardCodeWords } from '~/domain/qr-card'
import { DownloadQrButton } from '~/ui/admin/qr-download'
import { tableLabel } from '~/ui/admin/restaurant'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'

/** The Mesas tab: every table with its open bill, and the dialogs that add, edit, archive and show the QR of one. */

export const access: PageAccess = { view: 'tables.view', intents: DASHBOARD_FORMS.permissions }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { restaurant, role } = await requireStaff(context, request, 'page', access.view)
  const env = context.cloudflare.env
  const url = new URL(request.url)
  const [listed, setup, globalInvoice] = await Promise.all([
    listTables(ledgerOf(env, restaurant.id)),
    // The restaurant's setup is theirs who may change its settings; nobody else sees it.
    can(role, access.intents!['dismiss-setup']!) ? loadSetupChecklist(env, restaurant.id) : null,
    // The factura global the SAT waits for, to whoever issues it.
    can(role, 'invoices.global') ? globalDue(env, ledgerOf(env, restaurant.id), restaurant) : null,
  ])
  const { tables, waiting } = onTheFloor(listed, Date.now())
  const firstTable = listed[0]
  const setupTableLink = setup && firstTable ? tableUrl(url.origin, firstTable.shortCode) : null
  const qrTable = tables.find((table) => table.id === url.searchParams.get('qr'))
  if (!qrTable) return { tables, waiting, role, setup, setupTableLink, globalInvoice, qr: null }
  const link = tableUrl(url.origin, qrTable.shortCode)
  return {
    tables,
    waiting,
    role,
    setup,
    setupTableLink,
    globalInvoice,
    qr: {
      tableId: qrTable.id,
      url: link,
      svg: await qrSvg(link),
      site: codeEntrySite(url.origin),
      restaurantName: restaurant.restaurantName ?? '',
    },
  }
}

/** What a form that does not parse says above it. */
const NOT_PARSED: Record<DashboardIntent, TranslationKey> = {
  create: 'admin.tables.createFailed',
  update: 'admin.tables.updateFailed',
  archive: 'admin.errors.formError',
  'dismiss-setup': 'admin.errors.formError',
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const { restaurant, person } = await requireStaffForm(context, request, access, form)
  const env = context.cloudflare.env
  const submission = parseWithZod(form, { schema: DASHBOARD_FORMS.schema })
  if (submission.status !== 'success')
    return data(submission.reply({ formErrors: [NOT_PARSED[form.get('intent') as DashboardIntent]] }), {
      status: 400,
    })
  const sent = submission.value
  switch (sent.intent) {
    case 'dismiss-setup':
      if (!(await dismissSetupChecklist(env, { restaurant, person })))
        return data(submission.reply({ formErrors: ['admin.checklist.notDone'] }), { status: 409 })
      return redirectWithToast('/admin/dashboard', { title: 'admin.checklist.dismissed' })
    case 'create': {
      const table = await createTable(ledgerOf(env, restaurant.id), sent)
      if (!table)
        return data(
          submission.reply({
            formErrors: ['admin.tables.createFailed'],
            fieldErrors: { tableNumber: ['admin.errors.tableNumberTaken'] },
          }),
          { status: 409 },
        )
      return redirectWithToast('/admin/dashboard', { title: 'admin.tables.created' })
    }
    case 'update': {
      const { id, intent: _intent, ...changes } = sent
      if (!(await updateTable(env, restaurant.id, id, changes)))
        return data(submission.reply({ formErrors: ['admin.tables.updateFailed'] }), { status: 404 })
      return redirectWithToast('/admin/dashboard', { title: 'admin.tables.updated' })
    }
    case 'archive': {
      const archived = await archiveTable(env, restaurant.id, sent.id)
      if (!archived) return data(submission.reply({ formErrors: ['admin.tables.archiveFailed'] }), { status: 404 })
      if (!archived.ok)
        return data(submission.reply({ formErrors: [archiveRefusalKey(archived.code)] }), {
          status: statusOf(archived.code),
        })
      return redirectWithToast('/admin/dashboard', { title: 'admin.tables.archived' })
    }
  }
}

export default function TablesTab() {
  const { tables, waiting, qr, role, setup, setupTableLink, globalInvoice } = useLoaderData<typeof loader>()
  const { t, language } = useI18n()
  const manages = can(role, 'tables.manage')
  const [searchParams] = useSearchParams()
  const dialog = searchParams.get('dialog')
  const editing = tables.find((table) => table.id === searchParams.get('edit'))
  const archiving = tables.find((table) => table.id === searchParams.get('archive'))
  const qrTable = tables.find((table) => table.id === qr?.tableId)

  return (
    <section aria-labelledby="tables-title">
      {globalInvoice ? <GlobalInvoiceDue due={globalInvoice} /> : null}
      {setup ? <SetupChecklist checklist={setup} tableLink={setupTableLink} /> : null}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="tables-title" className="text-2xl font-bold">
          {t('admin.tables.title')}
        </h1>
        <div className="flex gap-2">
          {tables.length > 0 ? (
            <a href="/admin/tables/print" className={buttonClass.secondary}>
              {t('admin.tables.printAll')}
            </a>
          ) : null}
          {manages ? (
            <Link to="?dialog=new" preventScrollReset className={buttonClass.primary} data-testid="new-table">
              {t('admin.tables.newTable')}
            </Link>
          ) : null}
        </div>
      </div>

      {tables.length === 0 ? (
        <EmptyState
          text={t('admin.tables.empty')}
          action={manages ? t('admin.tables.createFirst') : undefined}
          to="?dialog=new"
        />
      ) : (
        <>
          {waiting.length > 0 ? (
            <nav
              aria-label={t('admin.tables.waiting')}
              className="mb-3 flex flex-wrap items-center gap-2"
              data-testid="floor-waiting"
            >
              <span className="text-sm font-semibold">{t('admin.tables.waiting')}</span>
              {waiting.map((table) => (
                <Link
                  key={table.id}
                  to={`/admin/tables/${table.id}`}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-amber-600 px-3 font-semibold dark:border-amber-400"
                >
                  {t('admin.tables.card', { number: table.tableNumber })}
                  <span className="text-sm font-normal">{t(`admin.tables.floor.${table.state}`)}</span>
                </Link>
              ))}
            </nav>
          ) : null}
          {/* By number: a card stays under the thumb as tables change; what needs someone is ringed and listed above. */}
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
            {tables.map((table) => (
              <li key={table.id} data-testid="table-card" data-attention={needsSomeone(table.state) || undefined}>
                <Link
                  to={`/admin/tables/${table.id}`}
                  className={`grid h-full content-start gap-2 rounded-2xl bg-white p-3 shadow-sm hover:bg-stone-50 dark:bg-stone-900 dark:hover:bg-stone-800 ${needsSomeone(table.state) ? 'ring-2 ring-amber-600 dark:ring-amber-400' : ''}`}
                  data-testid="table-card-link"
                >
                  <h2 className="min-w-0 text-lg font-bold break-words">{tableLabel(t, table)}</h2>
                  <span className="justify-self-start">
                    <FloorChip state={table.state} />
                  </span>
                  <TableState table={table} />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}

      <UrlDialog open={manages && dialog === 'new'} closeTo="?" title={t('admin.tables.newTable')}>
        <CreateTableForm />
      </UrlDialog>

      <UrlDialog open={manages && Boolean(editing)} closeTo="?" title={t('admin.tables.edit')}>
        {editing ? <EditTableForm table={editing} /> : null}
      </UrlDialog>

      <UrlDialog
        open={manages && Boolean(archiving)}
        closeTo="?"
        title={archiving ? t('admin.tables.archiveTitle', { number: archiving.tableNumber }) : ''}
      >
        {archiving ? <ArchiveTableForm table={archiving} /> : null}
      </UrlDialog>

      <UrlDialog
        open={Boolean(qr && qrTable)}
        closeTo="?"
        title={qrTable ? t('admin.qr.title', { number: qrTable.tableNumber }) : ''}
      >
        {qr && qrTable ? (
          <div className="grid justify-items-center gap-3 text-center">
            {/* Server-rendered SVG from the qrcode library; nothing user-supplied is in it. */}
            <div
              className="rounded-xl border border-stone-200 bg-white p-2 dark:border-stone-700"
              data-testid="qr-code"
              dangerouslySetInnerHTML={{ __html: qr.svg }}
            />
            <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.qr.hint')}</p>
            <TableCode code={qrTable.shortCode} />
            <p className="text-sm text-stone-600 dark:text-stone-400">{cardCodeWords(language).typeAt(qr.site)}</p>
            <p className="text-xs break-all text-stone-600 dark:text-stone-400" data-testid="qr-url">
              {qr.url}
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              <DownloadQrButton
                url={qr.url}
                fileName={`mesa-${qrTable.tableNumber}.png`}
                card={{
                  restaurant: qr.restaurantName,
                  table: tableLabel(t, qrTable),
                  caption: cardCodeWords(language).label,
                  code: qrTable.shortCode,
                  site: cardCodeWords(language).typeAt(qr.site),
                }}
              />
              <a
                href={`/admin/tables/${qrTable.id}/print`}
                target="_blank"
                rel="noreferrer"
                className={buttonClass.secondary}
              >
                {t('admin.qr.print')}
              </a>
              <Link to="?" className={buttonClass.secondary}>
                {t('admin.qr.close')}
              </Link>
            </div>
          </div>
        ) : null}
      </UrlDialog>
    </section>
  )
}
