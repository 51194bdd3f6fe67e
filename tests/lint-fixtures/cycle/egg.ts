import { hen } from '~/../tests/lint-fixtures/cycle/hen'

export const egg = (): number => hen()
