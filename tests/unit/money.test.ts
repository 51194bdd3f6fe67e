import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  centsToPesos,
  decimalPesos,
  formatMoney,
  formatMoneyShort,
  MAX_CENTS,
  nearestCents,
  parsePesosInput,
  pesosToCents,
} from '~/domain/money'

describe('pesos and cents', () => {
  it('takes another service’s computed pesos to the nearest cent, where pesosToCents refuses the noise', () => {
    const summed = 0.1 * 3 + 1234.2 * 1.16
    expect(pesosToCents(summed)).toBeNull()
    expect(nearestCents(summed)).toBe(143197)
    expect(nearestCents(580)).toBe(58000)
  })
  it('reads decimal pesos into whole cents, float noise included', () => {
    expect(pesosToCents(123.45)).toBe(12345)
    expect(pesosToCents(0.1 + 0.2)).toBe(30)
    expect(pesosToCents(1.005 * 100)).toBe(10050)
    expect(pesosToCents(0)).toBe(0)
  })

  it('refuses amounts finer than a cent and numbers that are not amounts', () => {
    expect(pesosToCents(1.234)).toBeNull()
    // A third decimal is refused at any size, not lost in a tolerance that grows with the amount.
    expect(pesosToCents(12345.678)).toBeNull()
    expect(pesosToCents(999999.991)).toBeNull()
    expect(pesosToCents(0.001)).toBeNull()
    expect(pesosToCents(Number.NaN)).toBeNull()
    expect(pesosToCents(Number.POSITIVE_INFINITY)).toBeNull()
  })

  it('refuses every amount with a third decimal that is not zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS - 1 }), fc.integer({ min: 1, max: 9 }), (cents, mills) => {
        expect(pesosToCents((cents * 10 + mills) / 1000)).toBeNull()
      }),
    )
  })

  it('round-trips every cent amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), (cents) => {
        expect(pesosToCents(centsToPesos(cents))).toBe(cents)
      }),
    )
  })

  it('parses what a person types', () => {
    expect(parsePesosInput('80')).toBe(8000)
    expect(parsePesosInput('$1,234.5')).toBe(123450)
    expect(parsePesosInput(' 0.99 ')).toBe(99)
    expect(parsePesosInput('.5')).toBe(50)
    expect(parsePesosInput('1.999')).toBeNull()
    expect(parsePesosInput('abc')).toBeNull()
    expect(parsePesosInput('')).toBeNull()
  })
})

describe('formatting', () => {
  it('formats es-MX MXN with two decimals', () => {
    expect(formatMoney(123450)).toBe('$1,234.50')
    expect(formatMoney(0)).toBe('$0.00')
    expect(formatMoney(5)).toBe('$0.05')
  })

  it('writes pesos the Mexican way for every reader, so an amount reads the same in both languages', () => {
    expect(formatMoney(-123450)).toBe('-$1,234.50')
    expect(formatMoney(100_000_000)).toBe('$1,000,000.00')
  })

  it('writes a chart’s label in a few characters: whole pesos, thousands as k', () => {
    expect([formatMoneyShort(19_000), formatMoneyShort(1_234_550), formatMoneyShort(45_050)]).toEqual([
      '$190',
      '$12.3\u00a0k',
      '$450.5',
    ])
  })
})

describe('plain decimals (form values, URL parameters, spreadsheet cells)', () => {
  it('writes every cent amount exactly, with a point and two places', () => {
    expect([decimalPesos(0), decimalPesos(5), decimalPesos(123450), decimalPesos(-1200), decimalPesos(-5)]).toEqual([
      '0.00',
      '0.05',
      '1234.50',
      '-12.00',
      '-0.05',
    ])
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), (cents) => {
        expect(parsePesosInput(decimalPesos(cents))).toBe(cents)
      }),
    )
  })
})
