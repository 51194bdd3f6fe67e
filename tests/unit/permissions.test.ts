import { describe, expect, it } from 'vitest'
import { can, isRole, rolesManagedBy } from '~/domain/permissions'

describe('permissions', () => {
  it('an owner may do everything; a waiter works the floor without refunds, comps, menus, settings or the books', () => {
    expect(can('owner', 'payouts.manage')).toBe(true)
    expect(can('manager', 'payouts.manage')).toBe(false)
    expect(can('manager', 'refunds.issue')).toBe(true)
    expect(['payments.record', 'lines.void', 'bills.close', 'orders.add'].every((p) => can('waiter', p as never))).toBe(
      true,
    )
    expect(
      ['refunds.issue', 'lines.comp', 'menus.manage', 'settings.manage', 'books.view', 'team.view'].some((p) =>
        can('waiter', p as never),
      ),
    ).toBe(false)
  })

  it('the kitchen sees and moves its board, and nothing of the floor, the money or the menus', () => {
    expect(can('kitchen', 'kitchen.view') && can('kitchen', 'kitchen.manage')).toBe(true)
    expect(can('waiter', 'kitchen.manage')).toBe(true)
    expect(
      ['tables.view', 'orders.add', 'payments.record', 'lines.void', 'bills.close', 'menus.view', 'books.view'].some(
        (p) => can('kitchen', p as never),
      ),
    ).toBe(false)
  })

  it('an owner manages every role, a manager waiters and the kitchen, a waiter or the kitchen nobody', () => {
    expect(rolesManagedBy('owner')).toEqual(['owner', 'manager', 'waiter', 'kitchen'])
    expect(rolesManagedBy('manager')).toEqual(['waiter', 'kitchen'])
    expect(rolesManagedBy('waiter')).toEqual([])
    expect(rolesManagedBy('kitchen')).toEqual([])
  })

  it('knows a role when it sees one', () => {
    expect(isRole('manager')).toBe(true)
    expect(isRole('admin')).toBe(false)
  })
})
