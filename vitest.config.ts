import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Unit tests (pure rules) and API tests (the real Hono app on a real database: SQLite by default,
 * PostgreSQL when DATABASE_URL is postgres://, see scripts/test-pg.sh). Browser tests live in
 * tests/e2e and run under Playwright, not here.
 */
export default defineConfig({
  resolve: {
    alias: { '~': `${root}src` },
  },
  test: {
    environment: 'node',
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/dom-waits.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
