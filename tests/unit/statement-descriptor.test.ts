import { describe, expect, it } from 'vitest'
import { statementSuffix } from '~/domain/statement-descriptor'

describe('the restaurant’s name on a diner’s card statement', () => {
  it('keeps Latin letters without accents, upper-cased, cut to 10', () => {
    expect(statementSuffix('Fonda Doña Lupe')).toBe('FONDA DONA')
    expect(statementSuffix('Café Ñandú')).toBe('CAFE NANDU')
    expect(statementSuffix('La "Taquería" <Los 3*>')).toBe('LA TAQUERI')
  })

  it('gives none for a name with no letter a statement can show', () => {
    expect(statementSuffix(null)).toBeNull()
    expect(statementSuffix('')).toBeNull()
    expect(statementSuffix('1987')).toBeNull()
    expect(statementSuffix('寿司')).toBeNull()
  })
})
