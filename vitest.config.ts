import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Test files that need modules of their own: they mock modules or run in a DOM (jsdom). */
const ISOLATED = [
  'tests/unit/browser/**/*.test.ts',
  'tests/unit/online-progress-reporter.test.ts',
  'tests/unit/sanitize.test.ts',
  'tests/unit/rich-text-memo.test.ts',
];

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
    setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/dom-waits.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Time-outs catch a hang, not a slow machine (docs/decisions/086): a test that spawns servers
    // takes two to three times as long on a slower CI machine as here.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        // Most files share their worker's modules (the server's code is loaded once per worker, not
        // once per file): nothing on the server side keeps module-level state, and every test makes
        // its own server, data and clock.
        extends: true,
        // Every test server's database is a copy of one migrated and seeded once (tests/setup/database-templates.ts).
        test: {
          name: 'shared',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
          exclude: ISOLATED,
          isolate: false,
          // The server's Request and Response, as the start script installs them (decision 103).
          setupFiles: ['tests/setup/server-globals.ts'],
          globalSetup: ['tests/setup/database-templates.ts'],
        },
      },
      {
        // Files that replace modules (vi.mock) or run in a browser-like DOM get fresh modules each.
        extends: true,
        test: { name: 'isolated', include: ISOLATED, isolate: true },
      },
    ],
  },
});
