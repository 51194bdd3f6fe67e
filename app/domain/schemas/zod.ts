import { z } from 'zod'

/**
 * zod, set up before any schema is built: schemas decide when they are made
 * whether to compile their parsers with `new Function`, and the probe for it
 * is itself refused (and reported) by the pages' Content-Security-Policy;
 * workerd forbids it too. Every schema imports z from here.
 */
z.config({ jitless: true })

export { z }
