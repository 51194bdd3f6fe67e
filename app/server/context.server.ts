/** What every loader and action gets from the Worker (workers/app.ts builds it). */
declare module '@remix-run/cloudflare' {
  interface AppLoadContext {
    cloudflare: {
      env: Env
      ctx: Pick<ExecutionContext, 'waitUntil' | 'passThroughOnException'>
    }
  }
}

export {}
