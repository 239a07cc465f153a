import { useState } from 'react';

/**
 * A call a button waits for: `run` marks it busy until the call settles. A refused call has been
 * shown by the client already, so it ends here (what was typed, and any dialog, stay).
 */
export function useBusy(): [boolean, (work: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch {
      // The client has shown the refusal.
    } finally {
      setBusy(false);
    }
  }
  return [busy, run];
}
