import { describe, expect, it } from 'vitest'
import { MEXICAN_TIME_ZONES, timeZoneChoices, timeZoneLabel } from '~/domain/time-zones'

describe('the time zones Configuración offers', () => {
  it('names each zone by its place and its offset on the day, summer time included', () => {
    const winter = Date.UTC(2026, 0, 15)
    const summer = Date.UTC(2026, 6, 15)
    expect(timeZoneLabel('America/Mexico_City', winter)).toBe('Ciudad de México (GMT-6)')
    expect(timeZoneLabel('America/Mexico_City', summer)).toBe('Ciudad de México (GMT-6)')
    expect(timeZoneLabel('America/Tijuana', winter)).toBe('Tijuana (GMT-8)')
    expect(timeZoneLabel('America/Tijuana', summer)).toBe('Tijuana (GMT-7)')
    expect(timeZoneLabel('America/Cancun', winter)).toBe('Cancún (GMT-5)')
    expect(timeZoneLabel('Asia/Kolkata', winter)).toBe('Kolkata (GMT+5:30)')
    expect(timeZoneLabel('America/Argentina/Buenos_Aires', winter)).toBe('Argentina / Buenos Aires (GMT-3)')
  })

  it('lists Mexico’s zones first, in their order, then every other zone once', () => {
    const { mexico, others } = timeZoneChoices(Date.UTC(2026, 0, 15))
    expect(mexico.map((choice) => choice.value)).toEqual(Object.keys(MEXICAN_TIME_ZONES))
    const values = others.map((choice) => choice.value)
    expect(values).toContain('Europe/Madrid')
    expect(values).not.toContain('America/Tijuana')
    expect(new Set(values).size).toBe(values.length)
  })
})
