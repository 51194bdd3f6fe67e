import { describe, expect, it } from 'vitest'
import { CFDI_USE_CODES, defaultUse, regimesFor, usesFor } from '~/domain/cfdi'
import { checkRfc, rfcCheckDigit } from '~/domain/rfc'

describe('an RFC', () => {
  it('of a persona física (13) and a moral (12) passes, whatever the case and spaces typed', () => {
    expect(checkRfc('gode 561231 gr8')).toEqual({
      ok: true,
      rfc: 'GODE561231GR8',
      person: 'fisica',
      checkDigitMatches: true,
    })
    expect(checkRfc('VADA800927DJ3')).toMatchObject({ ok: true, person: 'fisica', checkDigitMatches: true })
    expect(checkRfc('EKU9003173C9')).toEqual({
      ok: true,
      rfc: 'EKU9003173C9',
      person: 'moral',
      checkDigitMatches: true,
    })
    expect(checkRfc('IIA040805DZ4')).toMatchObject({ ok: true, person: 'moral', checkDigitMatches: true })
    expect(checkRfc('MAG-041126-GT8')).toMatchObject({ ok: true, rfc: 'MAG041126GT8', person: 'moral' })
  })

  it('with Ñ and & in its letters is an RFC too', () => {
    expect(checkRfc('ÑAÑ&800101AB1')).toMatchObject({ ok: true, person: 'fisica' })
    expect(checkRfc('&CA010101AB1')).toMatchObject({ ok: true, person: 'moral' })
  })

  it('whose check digit does not match passes with a warning (some the SAT issued fail it)', () => {
    expect(checkRfc('GODE561231GR7')).toMatchObject({ ok: true, checkDigitMatches: false })
    expect(checkRfc('AAA010101AAA')).toMatchObject({ ok: true, person: 'moral', checkDigitMatches: false })
  })

  it('of the wrong length or shape is refused', () => {
    for (const typed of ['GODE561231GR', 'GODE561231GR81', 'GOD3561231GR8', 'GODE56123AGR8', 'GODE561231GRX', ''])
      expect(checkRfc(typed), typed).toEqual({ ok: false, reason: 'shape' })
  })

  it('with a date that does not exist is refused; 29 February only in a leap year', () => {
    expect(checkRfc('GODE561331GR8')).toEqual({ ok: false, reason: 'date' })
    expect(checkRfc('GODE560230GR8')).toEqual({ ok: false, reason: 'date' })
    expect(checkRfc('GODE010229GR8')).toEqual({ ok: false, reason: 'date' })
    expect(checkRfc('GODE000229GR8')).toMatchObject({ ok: true })
  })

  it('of the global invoice (público en general, extranjero) is refused', () => {
    expect(checkRfc('XAXX010101000')).toEqual({ ok: false, reason: 'generic' })
    expect(checkRfc('xexx010101000')).toEqual({ ok: false, reason: 'generic' })
  })

  it('check digit: 10 is A, 11 is 0', () => {
    expect(rfcCheckDigit('ICV060329BY0')).toBe('0')
    expect(rfcCheckDigit('EKU9003173C9')).toBe('9')
  })
})

describe('régimen and uso CFDI', () => {
  it('a física and a moral each have their own régimenes; 610 and 626 are both’s', () => {
    expect(regimesFor('fisica')).toEqual([
      '605',
      '606',
      '607',
      '608',
      '610',
      '611',
      '612',
      '614',
      '615',
      '616',
      '621',
      '625',
      '626',
    ])
    expect(regimesFor('moral')).toEqual(['601', '603', '610', '620', '622', '623', '624', '626'])
  })

  it('G03 where the régimen allows it, else what it allows', () => {
    expect(usesFor('612')).toEqual(['G03', 'G01', 'S01'])
    expect(defaultUse('626')).toBe('G03')
    expect(usesFor('605')).toEqual(['S01'])
    expect(defaultUse('616')).toBe('S01')
    expect(usesFor('610')).toEqual(['S01'])
    expect(CFDI_USE_CODES).toEqual(['G03', 'G01', 'S01'])
  })
})
