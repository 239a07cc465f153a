/**
 * Work a server process repeats on a timer (the deadline sweep, the sweep of abandoned uploads, the
 * job runner), started once with the runtime.
 */

/**
 * Runs `run` every `intervalMs` until the answered function is called. A slow run is not overlapped
 * by the next tick (it is skipped); a run that throws is handed to `failed`, and the next tick runs
 * again. The timer does not keep the process alive.
 */
export function repeatEvery(intervalMs: number, run: () => Promise<void>, failed: (error: unknown) => void): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (error) {
      failed(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
