import { describe, it } from 'vitest'
import { chromiumForFile, DESKTOP } from './browser'
import { sweep } from './a11y-sweep'

const browser = chromiumForFile()

describe('accessibility sweep on a desktop', () => {
  it('finds no serious or critical axe violation on any screen: English light and Spanish dark', async () => {
    await sweep(browser(), DESKTOP, 'Fonda Accesible Escritorio')
  }, 300_000)
})
