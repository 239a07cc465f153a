import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/**
 * Any console.error during a test fails that test (as in the Epic Stack). The server's logger is
 * wired to console.error for its error level by tests/setup/server.ts, so an unhandled error
 * inside a request fails the test that caused it even when the answer looked fine.
 *
 * A test that expects an error to be printed replaces the implementation:
 *   consoleError.mockImplementation(() => {})
 */
export let consoleError: MockInstance<(...args: unknown[]) => void>;

let unexpected: unknown[][] = [];

beforeEach(() => {
  unexpected = [];
  const original = console.error;
  consoleError = vi.spyOn(console, 'error');
  consoleError.mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
    original(...args);
    throw new Error('console.error was called (see above). If it is expected, call consoleError.mockImplementation(() => {}).');
  });
});

afterEach(() => {
  // The throw above can be swallowed by a try/catch in the code under test; this cannot.
  const calls = unexpected;
  unexpected = [];
  consoleError.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called ${calls.length} time(s) during the test: ${calls.map((a) => a.map(String).join(' ')).join(' | ')}`);
  }
});
