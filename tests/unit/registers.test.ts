import { describe, expect, it } from 'vitest'
import { drawerOfDevice, drawersInUse, registerName, registersInUse } from '~/domain/registers'

const barra = { id: 'barra', name: 'Barra', retiredAt: null }
const terraza = { id: 'terraza', name: 'Terraza', retiredAt: null }
const vieja = { id: 'vieja', name: 'Caja vieja', retiredAt: 1_000 }

describe('a restaurant’s registers', () => {
  it('with none named, the restaurant has its own drawer, and every device’s cash goes into it', () => {
    expect(drawersInUse([])).toEqual([null])
    expect(drawersInUse([vieja])).toEqual([null])
    expect(drawerOfDevice([vieja], 'vieja')).toBeNull()
  })

  it('with registers named, each in use has a drawer; a device’s cash goes into its choice while in use, else the first', () => {
    expect(drawersInUse([vieja, barra, terraza])).toEqual(['barra', 'terraza'])
    expect(registersInUse([vieja, barra])).toEqual([barra])
    expect(drawerOfDevice([barra, terraza], 'terraza')).toBe('terraza')
    expect(drawerOfDevice([barra, terraza], null)).toBe('barra')
    expect(drawerOfDevice([vieja, barra, terraza], 'vieja')).toBe('barra')
    expect(drawerOfDevice([barra, terraza], 'otro-restaurante')).toBe('barra')
  })

  it('names a register by its id, retired ones too; the restaurant’s own drawer has none', () => {
    expect(registerName([barra, vieja], 'vieja')).toBe('Caja vieja')
    expect(registerName([barra], null)).toBeNull()
    expect(registerName([barra], 'otro')).toBeNull()
  })
})
