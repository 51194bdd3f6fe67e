/** What every loader and action gets from the Worker (workers/app.ts builds it). */
declare module '@remix-run/cloudflare' {
  interface AppLoadContext {
    cloudflare: {
      env: Env
      ctx: Pick<ExecutionContext, 'waitUntil' | 'passThroughOnException'>
    }
    /** This response's Content-Security-Policy nonce, for the page's inline scripts. */
    cspNonce: string
    /** The address the request came from (Cloudflare's CF-Connecting-IP); null in local development. */
    clientAddress: string | null
  }
}

export {}
