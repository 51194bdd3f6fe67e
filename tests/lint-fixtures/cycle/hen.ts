import { egg } from '~/../tests/lint-fixtures/cycle/egg'

export const hen = (): number => egg()
