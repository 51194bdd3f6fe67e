import { staffForms, type IntentIn } from './staff-forms'
import { z } from './zod'

const MAX_CAPACITY = 500

const tableName = z
  .string({ error: 'admin.errors.tooLong' })
  .trim()
  .max(60, { error: 'admin.errors.tooLong' })
  .nullish()
  .transform((value) => value || null)

/** A capacity as forms and the API send it: a number or its text; empty means none. */
const capacity = z
  .union([z.number(), z.string().trim()], { error: 'admin.errors.capacityPositive' })
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null
    const number = typeof value === 'number' ? value : Number(value)
    if (!Number.isInteger(number) || number < 1 || number > MAX_CAPACITY) {
      ctx.addIssue({ code: 'custom', message: 'admin.errors.capacityPositive' })
      return z.NEVER
    }
    return number
  })

/** POST /api/tables and the 'New Table' dialog. userId and isActive, when sent, are ignored: the owner is the signed-in one. */
export const createTableSchema = z.object({
  tableNumber: z
    .string({ error: 'admin.errors.tableNumberRequired' })
    .trim()
    .min(1, { error: 'admin.errors.tableNumberRequired' })
    .max(20, { error: 'admin.errors.tooLong' }),
  tableName,
  capacity,
})

/** PATCH /api/tables/{id} and the edit dialog: the name trimmed, an empty capacity means none. */
export const updateTableSchema = z.object({ tableName, capacity })

export type CreateTableInput = z.output<typeof createTableSchema>
export type UpdateTableInput = z.output<typeof updateTableSchema>

/** The dashboard's edit dialog: the table's id and its changes. */
export const editTableSchema = updateTableSchema.extend({ id: z.string() })

/** The dashboard's forms: a table made, changed or archived, and the setup checklist put away. */
export const DASHBOARD_FORMS = staffForms({
  create: { permission: 'tables.manage', schema: createTableSchema },
  update: { permission: 'tables.manage', schema: editTableSchema },
  archive: { permission: 'tables.manage', schema: z.object({ id: z.string() }) },
  'dismiss-setup': { permission: 'settings.manage', schema: z.object({}) },
})

export type DashboardIntent = IntentIn<typeof DASHBOARD_FORMS>
