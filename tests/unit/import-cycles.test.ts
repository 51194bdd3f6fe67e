import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/*
 * The lint refuses a module that imports itself back, however far round: the
 * project's own config, on a pair of files that import each other through
 * the `~/` paths (which it sees only with the TypeScript resolver).
 */
describe('the lint', () => {
  it('fails a loop of imports through the ~/ paths', { timeout: 60_000 }, async () => {
    const eslint = new ESLint({ ignore: false })
    const [hen, egg] = await eslint.lintFiles(['tests/lint-fixtures/cycle/hen.ts', 'tests/lint-fixtures/cycle/egg.ts'])
    for (const result of [hen!, egg!])
      expect(result.messages.map((message) => message.ruleId)).toContain('import/no-cycle')
  })
})
