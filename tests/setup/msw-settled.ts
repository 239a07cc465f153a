import type { SetupServer } from 'msw/node';
import { expect, vi } from 'vitest';

/** How long a request already on its way may take to be answered (a busy machine is slow, never this slow). */
const SETTLE_MS = 5_000;

/**
 * Requests a test's components sent and the fake API has not answered yet. A component unmounted
 * at the end of a test may still have a request on its way; awaiting `settled()` after unmounting
 * keeps it from being counted by the next test (each test counts only the requests it caused).
 */
export function inFlight(server: SetupServer): { settled: () => Promise<void> } {
  const open = new Set<string>();
  server.events.on('request:start', ({ requestId }) => void open.add(requestId));
  server.events.on('request:end', ({ requestId }) => void open.delete(requestId));
  return { settled: () => vi.waitFor(() => expect([...open]).toEqual([]), { timeout: SETTLE_MS }) };
}
