/** The papers a restaurant in Mexico prints on, in mm: A4, and US Letter (carta), as common there. */
export const PAPERS = {
  A4: { width: 210, height: 297 },
  Letter: { width: 215.9, height: 279.4 },
} as const

/**
 * The sheet of table cards, in mm. One layout fits both papers, so nobody
 * has to pick one and the print dialog's own choice is always right: the
 * page margin is within what office printers can reach, and the grid fits
 * A4's width and Letter's height, the narrower and the shorter of the two.
 * Cards do not touch: each has its own crop marks in the gutter, as far
 * from the card as from its neighbour's.
 */
export const PRINT_SHEET = {
  pageMargin: 10,
  columns: 2,
  rows: 2,
  card: { width: 85, height: 120 },
  gutter: 8,
  /** Each corner's two marks continue the card's edges outwards, starting a little away from the corner so no ink lands on the card. */
  mark: { gap: 1, length: 2.5, thickness: 0.2 },
} as const

export const CARDS_PER_SHEET = PRINT_SHEET.columns * PRINT_SHEET.rows

/** Room around the outer cards for their marks. */
export const SHEET_BLEED = PRINT_SHEET.mark.gap + PRINT_SHEET.mark.length + 0.5

/** The sheet's size on the page, marks included. */
export function sheetSize() {
  const { columns, rows, card, gutter } = PRINT_SHEET
  return {
    width: columns * card.width + (columns - 1) * gutter + 2 * SHEET_BLEED,
    height: rows * card.height + (rows - 1) * gutter + 2 * SHEET_BLEED,
  }
}

/** The cards in sheets of CARDS_PER_SHEET, the last one holding what is left. */
export function sheetsOf<T>(cards: readonly T[]): T[][] {
  return Array.from({ length: Math.ceil(cards.length / CARDS_PER_SHEET) }, (_, sheet) =>
    cards.slice(sheet * CARDS_PER_SHEET, (sheet + 1) * CARDS_PER_SHEET),
  )
}
