import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { can, PERMISSIONS, ROLES, type Permission } from '~/domain/permissions'

/** docs/roles.md's table is the permission table in words: the two must say the same. */
describe('docs/roles.md', () => {
  it('lists every permission with exactly the roles app/domain/permissions.ts gives it', () => {
    const rows = readFileSync('docs/roles.md', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|').map((cell) => cell.trim()))
    const documented = Object.fromEntries(
      rows.map(([, name, , ...marks]) => [name!.replaceAll('`', ''), ROLES.filter((_, index) => marks[index] === '✓')]),
    )
    expect(Object.keys(documented).sort()).toEqual(Object.keys(PERMISSIONS).sort())
    for (const permission of Object.keys(PERMISSIONS) as Permission[])
      expect(documented[permission], permission).toEqual(ROLES.filter((role) => can(role, permission)))
  })
})
