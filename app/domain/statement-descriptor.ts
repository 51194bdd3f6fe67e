/**
 * What a diner's card statement shows after the restaurant's own prefix
 * (Stripe's `statement_descriptor_suffix`): the restaurant's name as card
 * networks take it — Latin letters without accents, none of `< > \ ' " *`,
 * at least one letter — cut to fit. The whole descriptor is at most 22
 * characters; the prefix is the restaurant's (up to 10) and `* ` joins them,
 * so the suffix keeps 10. Null when the name leaves nothing a statement can
 * show.
 */
const STATEMENT_SUFFIX_LENGTH = 10

export function statementSuffix(name: string | null): string | null {
  if (!name) return null
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[<>\\'"*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, STATEMENT_SUFFIX_LENGTH)
    .trim()
  return /[A-Z]/.test(plain) ? plain : null
}
