import { describe, expect, it } from 'vitest'
import { drawerCountSchema, drawerFloatSchema } from '~/domain/schemas/drawer'
import { staffForms } from '~/domain/schemas/staff-forms'
import { z } from '~/domain/schemas/zod'

const form = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields))

describe('a staff page’s forms', () => {
  const forms = staffForms({
    follow: { permission: 'alerts.view', schema: z.object({ following: z.enum(['on', 'off']) }) },
    float: { permission: 'drawer.count', schema: drawerFloatSchema },
    count: { permission: 'drawer.count', schema: drawerCountSchema },
  })

  it('gives the guard each intent’s permission, and the page its intents', () => {
    expect(forms.permissions).toEqual({ follow: 'alerts.view', float: 'drawer.count', count: 'drawer.count' })
    expect(forms.intents).toEqual(['follow', 'float', 'count'])
  })

  it('parses each form by its intent, a form that goes on to make something keeping its intent', () => {
    expect(forms.schema.parse(form({ intent: 'follow', following: 'on' }))).toEqual({
      intent: 'follow',
      following: 'on',
    })
    expect(forms.schema.parse(form({ intent: 'float', floatAmount: '1500' }))).toEqual({
      intent: 'float',
      registerId: null,
      floatCents: 150_000,
    })
    expect(forms.schema.parse(form({ intent: 'count', countedAmount: '2450.50' }))).toEqual({
      intent: 'count',
      registerId: null,
      sessionId: null,
      seen: null,
      counts: null,
      countedCents: 245_050,
      note: null,
      nextFloatCents: 0,
    })
  })

  it('refuses a form of another intent’s fields, and an intent the page does not have', () => {
    expect(forms.schema.safeParse(form({ intent: 'float', following: 'on' })).success).toBe(false)
    expect(forms.schema.safeParse(form({ intent: 'count' })).success).toBe(false)
    expect(forms.schema.safeParse(form({ intent: 'remove', following: 'on' })).success).toBe(false)
  })
})
