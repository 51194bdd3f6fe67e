import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AgnosticRouteObject, matchRoutes as MatchRoutes } from '@remix-run/router'
import { cacheRouteMatching, MATCHED_PATHS_KEPT } from '../../vite/cache-route-matching'

/**
 * The router the server build runs: @remix-run/router's own module as the
 * build step rewrites it, beside the module as published, both matching the
 * same route tree.
 */
type Router = { matchRoutes: typeof MatchRoutes }
const source = createRequire(import.meta.url)
  .resolve('@remix-run/router')
  .replace(/router\.cjs\.js$/, 'router.js')
const dir = mkdtempSync(join(tmpdir(), 'mesa-router-'))
let patched: Router
let published: Router

beforeAll(async () => {
  const plugin = cacheRouteMatching() as unknown as {
    transform: (
      this: { error: (message: string) => never },
      code: string,
      id: string,
      options: { ssr: boolean },
    ) => { code: string } | null
  }
  const fail = (message: string): never => {
    throw new Error(message)
  }
  const result = plugin.transform.call({ error: fail }, readFileSync(source, 'utf8'), source, { ssr: true })
  if (!result) throw new Error('the build step left the router alone')
  // The published module names a source map beside it, which the copy does not have.
  writeFileSync(join(dir, 'patched.mjs'), result.code.replace(/^\/\/# sourceMappingURL=.*$/m, ''))
  patched = (await import(pathToFileURL(join(dir, 'patched.mjs')).href)) as Router
  published = (await import(pathToFileURL(source).href)) as Router
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

// A tree shaped like the app's: a root layout, index, nested layouts, params, an optional segment and a catch-all.
const routes: AgnosticRouteObject[] = [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'index', index: true },
      { id: 'api-payments', path: 'api/payments' },
      { id: 'api-session', path: 'api/tables/session/:sessionId' },
      { id: 'api-catch', path: 'api/*' },
      {
        id: 'customer',
        path: 'customer',
        children: [
          { id: 'bill', path: 'table/:tableId' },
          { id: 'pay', path: 'pay-items/:tableId/:step?' },
        ],
      },
      {
        id: 'admin',
        path: 'admin',
        children: [
          { id: 'tables', path: 'tables' },
          { id: 'table', path: 'tables/:id' },
        ],
      },
      { id: 'any', path: '*' },
    ],
  },
]
const paths = [
  '/',
  '/api/payments',
  '/api/payments/',
  '/API/Payments',
  '/api/tables/session/demo7-s',
  '/api/nothing/here',
  '/customer/table/demo7',
  '/customer/pay-items/t1',
  '/customer/pay-items/t1/tip',
  '/admin/tables/abc',
  '/admin',
  '/somewhere/else',
  '/customer/table/a%20b',
]
const shape = (matches: ReturnType<typeof MatchRoutes>) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase })) ??
  null

describe("the server build's route matching", () => {
  it('matches every path as the published router does, the first time and every time after', () => {
    for (const path of paths) {
      const expected = shape(published.matchRoutes(routes, path))
      expect(shape(patched.matchRoutes(routes, path)), path).toEqual(expected)
      expect(shape(patched.matchRoutes(routes, path)), path).toEqual(expected)
      expect(shape(patched.matchRoutes(routes, { pathname: path })), path).toEqual(expected)
    }
  })

  it('gives each caller its own matches: changing one answer changes no later one', () => {
    const first = patched.matchRoutes(routes, '/customer/table/demo7')!
    Object.assign(first[0]!.params, { tableId: 'changed' })
    first.pop()
    const second = patched.matchRoutes(routes, '/customer/table/demo7')!
    expect(second.map((match) => match.route.id)).toEqual(['root', 'customer', 'bill'])
    expect(second.every((match) => match.params.tableId === 'demo7')).toBe(true)
    // As the published router answers: the matches of one path share one params object.
    expect(new Set(second.map((match) => match.params)).size).toBe(1)
  })

  it('keeps a bounded number of paths, still answering right once older ones are let go', () => {
    for (let index = 0; index < MATCHED_PATHS_KEPT * 2; index++)
      patched.matchRoutes(routes, `/customer/table/t${index}`)
    expect(shape(patched.matchRoutes(routes, '/customer/table/t0'))).toEqual(
      shape(published.matchRoutes(routes, '/customer/table/t0')),
    )
    expect(shape(patched.matchRoutes(routes, '/api/payments'))).toEqual(
      shape(published.matchRoutes(routes, '/api/payments')),
    )
  })

  it('matches a tree it has not seen on its own terms', () => {
    const other: AgnosticRouteObject[] = [{ id: 'only', path: 'api/payments' }]
    patched.matchRoutes(routes, '/somewhere/else')
    expect(shape(patched.matchRoutes(other, '/somewhere/else'))).toBeNull()
    expect(shape(patched.matchRoutes(other, '/api/payments'))?.map((match) => match.id)).toEqual(['only'])
  })
})
