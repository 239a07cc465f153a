import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The unit tests of the pure rules, for mutation testing (stryker.config.mjs): no database, no server. */
export default defineConfig({
  resolve: { alias: { '~': `${root}src` } },
  test: {
    environment: 'node',
    include: ['tests/unit/**/*.test.ts'],
    exclude: ['tests/unit/architecture.test.ts', 'tests/unit/browser/**'],
    pool: 'forks',
    testTimeout: 20_000,
  },
});
