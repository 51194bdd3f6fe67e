import { describe, expect, it } from 'vitest'
import { DEMO_SESSION_ID, DEMO_TABLE_CODE } from '~/domain/demo'
import {
  formatTableCode,
  normalizeTableCode,
  readTableCodeInput,
  TABLE_CODE_ALPHABET,
  TABLE_CODE_LENGTH,
  tableCodeFromBytes,
  tableCodeInPath,
} from '~/domain/table-code'

describe('the table code alphabet', () => {
  it('has 32 distinct symbols and none of the letters that pass for a digit or each other (I, L, O, U)', () => {
    expect(new Set(TABLE_CODE_ALPHABET).size).toBe(32)
    expect(TABLE_CODE_ALPHABET).toMatch(/^[0-9A-Z]+$/)
    for (const letter of 'ILOU') expect(TABLE_CODE_ALPHABET).not.toContain(letter)
  })
})

describe('tableCodeFromBytes', () => {
  it('maps each byte’s low five bits onto the alphabet, one symbol per byte', () => {
    expect(tableCodeFromBytes(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]))).toBe('01234567')
    expect(tableCodeFromBytes(new Uint8Array([31, 30, 32, 63, 255, 224, 18, 19]))).toBe('ZY0ZZ0JK')
  })

  it('draws every symbol equally often over every byte value', () => {
    const counts = new Map<string, number>()
    for (let byte = 0; byte < 256; byte++) {
      const symbol = tableCodeFromBytes(new Uint8Array(TABLE_CODE_LENGTH).fill(byte))[0]!
      counts.set(symbol, (counts.get(symbol) ?? 0) + 1)
    }
    expect([...counts.values()]).toEqual(Array(32).fill(8))
  })

  it('refuses fewer bytes than symbols', () => {
    expect(() => tableCodeFromBytes(new Uint8Array(7))).toThrow(RangeError)
  })

  it('gives codes that read back as themselves', () => {
    for (let i = 0; i < 200; i++) {
      const code = tableCodeFromBytes(crypto.getRandomValues(new Uint8Array(TABLE_CODE_LENGTH)))
      expect(normalizeTableCode(code)).toBe(code)
      expect(normalizeTableCode(formatTableCode(code))).toBe(code)
    }
  })
})

describe('normalizeTableCode', () => {
  it('accepts the code in any case, with or without the dash, with spaces around or inside', () => {
    for (const typed of [
      'K7MQ-4XPD',
      'k7mq-4xpd',
      'K7MQ4XPD',
      'k7mq4xpd',
      '  K7mq 4xPd ',
      'K7MQ – 4XPD',
      'K7MQ—4XPD',
      'k 7 m q 4 x p d',
    ]) {
      expect(normalizeTableCode(typed), typed).toBe('K7MQ4XPD')
    }
  })

  it('reads O as 0 and I or L as 1, which the alphabet leaves out so nothing else could be meant', () => {
    expect(normalizeTableCode('OOAB-IL2C')).toBe('00AB112C')
    expect(normalizeTableCode('ooab-il2c')).toBe('00AB112C')
  })

  it('is null for anything that is not eight symbols of the alphabet', () => {
    for (const typed of [
      '',
      'K7MQ-4XP',
      'K7MQ-4XPDD',
      'K7MQ-4XPU',
      'K7MQ_4XPD',
      'K7MQ.4XPD',
      'K7MQ-4XPÑ',
      DEMO_SESSION_ID,
      crypto.randomUUID(),
    ]) {
      expect(normalizeTableCode(typed), typed).toBeNull()
    }
  })
})

describe('formatTableCode', () => {
  it('puts the dash between the halves', () => {
    expect(formatTableCode('K7MQ4XPD')).toBe('K7MQ-4XPD')
    expect(formatTableCode(DEMO_TABLE_CODE)).toBe('MESA-DEM7')
  })
})

describe('readTableCodeInput', () => {
  it('tells a short code from the long id of an older QR code, and from junk', () => {
    expect(readTableCodeInput(' mesa-dem7 ')).toEqual({ kind: 'short', code: DEMO_TABLE_CODE })
    const longId = 'bY3h0Qk2nV8xZr4tLp6sWc1mEa9dFg7jHu5iKo2qTs0'
    expect(readTableCodeInput(` ${longId} `)).toEqual({ kind: 'session', sessionId: longId })
    expect(readTableCodeInput(DEMO_SESSION_ID)).toEqual({ kind: 'session', sessionId: DEMO_SESSION_ID })
    for (const typed of ['', '   ', 'mesa 7!', '../admin'])
      expect(readTableCodeInput(typed), typed).toEqual({ kind: 'invalid' })
  })

  it('keeps the demo code a valid code', () => {
    expect(normalizeTableCode(DEMO_TABLE_CODE)).toBe(DEMO_TABLE_CODE)
  })
})

describe('tableCodeInPath', () => {
  it('takes a code in an address only with its halves apart or together, so a bill id of eight symbols and a dash stays a bill id', () => {
    expect(tableCodeInPath('K7MQ-4XPD')).toBe('K7MQ4XPD')
    expect(tableCodeInPath('k7mq4xpd')).toBe('K7MQ4XPD')
    expect(tableCodeInPath('pay1000-s')).toBeNull()
    expect(tableCodeInPath('steady0-s')).toBeNull()
    expect(tableCodeInPath('K7MQ 4XPD')).toBe('K7MQ4XPD')
    expect(tableCodeInPath('K7M-Q4XPD')).toBeNull()
  })
})
