import { describe, expect, it } from 'vitest'
import { CARDS_PER_SHEET, PAPERS, PRINT_SHEET, SHEET_BLEED, sheetSize, sheetsOf } from '~/domain/print-sheet'

describe('the sheet of table cards', () => {
  it('fits inside the page margins of both A4 and Letter, so either paper prints it whole', () => {
    const { width, height } = sheetSize()
    for (const [name, paper] of Object.entries(PAPERS)) {
      expect(width, name).toBeLessThanOrEqual(paper.width - 2 * PRINT_SHEET.pageMargin)
      expect(height, name).toBeLessThanOrEqual(paper.height - 2 * PRINT_SHEET.pageMargin)
    }
  })

  it('keeps every crop mark off the cards: neighbours’ marks meet neither each other nor a card, the outer ones stay on the sheet', () => {
    const { gap, length } = PRINT_SHEET.mark
    expect(gap).toBeGreaterThan(0)
    expect(2 * (gap + length)).toBeLessThan(PRINT_SHEET.gutter)
    expect(gap + length).toBeLessThan(SHEET_BLEED)
  })

  it('holds four cards a sheet, the last sheet what is left', () => {
    expect(CARDS_PER_SHEET).toBe(4)
    expect(sheetsOf([])).toEqual([])
    expect(sheetsOf([1, 2, 3, 4])).toEqual([[1, 2, 3, 4]])
    expect(sheetsOf([1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9]])
  })
})
