import type { Plugin } from 'vite'

/**
 * Separates the parts of a compiled path's cache key. A string literal
 * survives minification, so tests can tell the patched router is the one in
 * the deployed Worker.
 */
export const ROUTE_CACHE_MARK = '|mesa-route-cache|'

/**
 * Remix v2 matches every request against the route tree through
 * @remix-run/router's matchRoutes, which flattens and ranks all ~70 routes
 * and compiles each path's RegExp again on every call (twice per request).
 * Profiled under load (issue 8), that was a third of the Worker's CPU on a
 * payment. The server's route tree never changes after start-up, so the
 * server build keeps the ranked branches per tree and each compiled path.
 * The browser build is left alone: it matches once per navigation.
 */
const PATCHES = [
  {
    find: 'let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);',
    replace:
      'let branches = rankedBranchesOf.get(routes);\n  if (!branches) {\n    branches = flattenRoutes(routes);\n    rankRouteBranches(branches);\n    rankedBranchesOf.set(routes, branches);\n  }',
  },
  {
    find: 'function compilePath(path, caseSensitive, end) {',
    replace:
      `const rankedBranchesOf = new WeakMap();\nconst compiledPaths = new Map();\nfunction compilePath(path, caseSensitive, end) {\n  const key = path + "${ROUTE_CACHE_MARK}" + caseSensitive + "${ROUTE_CACHE_MARK}" + end;\n  let compiled = compiledPaths.get(key);\n  if (!compiled) compiledPaths.set(key, (compiled = compilePathOnce(path, caseSensitive, end)));\n  return compiled;\n}\nfunction compilePathOnce(path, caseSensitive, end) {`,
  },
]

export function cacheRouteMatching(): Plugin {
  return {
    name: 'mesa:cache-route-matching',
    transform(code, id, options) {
      if (!options?.ssr || !/[\\/]@remix-run[\\/]router[\\/]dist[\\/]router\.js$/.test(id)) return null
      let patched = code
      for (const { find, replace } of PATCHES) {
        // An upgrade that reshapes this code must fail the build, not quietly lose the cache.
        if (patched.split(find).length !== 2) this.error(`cache-route-matching: expected exactly one "${find.split('\n')[0]}" in ${id}`)
        patched = patched.replace(find, replace)
      }
      return { code: patched, map: null }
    },
  }
}
