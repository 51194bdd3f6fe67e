import { defineConfig } from 'vitest/config'

// Two projects: pure rules in Node, and everything with I/O inside workerd.
export default defineConfig({
  test: {
    projects: [
      {
        extends: './vitest.unit.config.ts',
      },
      './vitest.workers.config.ts',
    ],
  },
})
