import type { Plugin } from 'vite'

/**
 * Separates the parts of a compiled path's cache key. A string literal
 * survives minification, so tests can tell the patched router is the one in
 * the deployed Worker.
 */
export const ROUTE_CACHE_MARK = '|mesa-route-cache|'

/** Paths whose matches are kept per route tree; past this the one asked for least recently goes first. */
export const MATCHED_PATHS_KEPT = 500

/**
 * Remix v2 matches every request against the route tree through
 * @remix-run/router's matchRoutes, which flattens and ranks all ~80 routes
 * and compiles each path's RegExp again on every call (twice per request).
 * Profiled under load, that was a third of the Worker's CPU on a payment.
 * The server's route tree never changes after start-up, so the server build
 * keeps the ranked branches per tree and each compiled path. Even then,
 * trying a path against every branch in turn was a tenth of a payment's CPU
 * (each branch matches the root layout first and joins its paths), so the
 * answer for a path is kept too, for the most recent paths: the same path
 * always matches the same routes. Each caller gets its own copy, as the
 * unpatched router would give it. React Router 7 keeps ranked branches the
 * same way (remix-run/react-router#14967); Remix v2's router never will.
 * The browser build is left alone: it matches once per navigation, and its
 * route tree grows as routes are discovered.
 */
const PATCHES = [
  {
    find: 'function matchRoutesImpl(routes, locationArg, basename, allowPartial) {',
    replace: `const matchedPathsOf = new WeakMap();
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  const location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;
  const key = (location.pathname || "/") + "${ROUTE_CACHE_MARK}" + basename + "${ROUTE_CACHE_MARK}" + allowPartial;
  let matchedPaths = matchedPathsOf.get(routes);
  if (!matchedPaths) matchedPathsOf.set(routes, (matchedPaths = new Map()));
  let matches = matchedPaths.get(key);
  if (matches === undefined) {
    matches = matchRoutesImplOnce(routes, location, basename, allowPartial);
    if (matchedPaths.size >= ${MATCHED_PATHS_KEPT}) matchedPaths.delete(matchedPaths.keys().next().value);
  } else {
    // Moved to the end: the paths asked for least recently go first.
    matchedPaths.delete(key);
  }
  matchedPaths.set(key, matches);
  if (!matches) return null;
  // One branch's matches share one params object; so do the copies.
  const params = { ...matches[matches.length - 1].params };
  return matches.map((match) => ({ ...match, params }));
}
function matchRoutesImplOnce(routes, locationArg, basename, allowPartial) {`,
  },
  {
    find: 'let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);',
    replace:
      'let branches = rankedBranchesOf.get(routes);\n  if (!branches) {\n    branches = flattenRoutes(routes);\n    rankRouteBranches(branches);\n    rankedBranchesOf.set(routes, branches);\n  }',
  },
  {
    find: 'function compilePath(path, caseSensitive, end) {',
    replace: `const rankedBranchesOf = new WeakMap();\nconst compiledPaths = new Map();\nfunction compilePath(path, caseSensitive, end) {\n  const key = path + "${ROUTE_CACHE_MARK}" + caseSensitive + "${ROUTE_CACHE_MARK}" + end;\n  let compiled = compiledPaths.get(key);\n  if (!compiled) compiledPaths.set(key, (compiled = compilePathOnce(path, caseSensitive, end)));\n  return compiled;\n}\nfunction compilePathOnce(path, caseSensitive, end) {`,
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
        if (patched.split(find).length !== 2)
          this.error(`cache-route-matching: expected exactly one "${find.split('\n')[0]}" in ${id}`)
        patched = patched.replace(find, replace)
      }
      return { code: patched, map: null }
    },
  }
}
