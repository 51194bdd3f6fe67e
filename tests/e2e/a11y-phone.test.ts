import { describe, it } from 'vitest'
import { chromiumForFile } from './browser'
import { sweep } from './a11y-sweep'

const browser = chromiumForFile()

describe('accessibility sweep at 390 px', () => {
  it('finds no serious or critical axe violation on any screen: Spanish light and English dark', async () => {
    await sweep(browser(), {}, 'Fonda Accesible')
  }, 300_000)
})
