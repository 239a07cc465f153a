import type { Locator, TestInfo } from '@playwright/test';

declare global {
  interface HTMLMediaElement {
    __events?: string[];
  }
}

const EVENTS = ['loadstart', 'loadedmetadata', 'canplay', 'canplaythrough', 'play', 'playing', 'pause', 'waiting', 'stalled', 'suspend'];
const MORE = ['seeking', 'seeked', 'ratechange', 'ended', 'error', 'emptied', 'abort', 'progress'];
/** How often the element's state is written down between events (ms). */
const TICK_MS = 500;

/**
 * Writes down what a media element does from now on: each event with the element's time, speed,
 * ready and network states, and its state every half second. When a wait on the media fails, the
 * log says whether it stalled for data, was paused, sought or changed source (`attachMediaLog`).
 */
export async function recordMedia(media: Locator): Promise<void> {
  await media.evaluate(
    (m: HTMLMediaElement, { names, tick }) => {
      const log: string[] = [];
      m.__events = log;
      const t0 = performance.now();
      const buffered = () => Array.from({ length: m.buffered.length }, (_, i) => `${m.buffered.start(i).toFixed(1)}-${m.buffered.end(i).toFixed(1)}`).join(',');
      const note = (what: string) => {
        const state = `t=${m.currentTime.toFixed(2)} rate=${m.playbackRate} ready=${m.readyState} net=${m.networkState} paused=${m.paused}`;
        log.push(`${Math.round(performance.now() - t0)} ms ${what}: ${state} buffered=${buffered()} src=${m.currentSrc.split('/').pop()}`);
      };
      for (const e of names) m.addEventListener(e, () => note(e));
      const timer = setInterval(() => (m.isConnected ? note('state') : clearInterval(timer)), tick);
    },
    { names: [...EVENTS, ...MORE], tick: TICK_MS },
  );
}

/** Runs `wait`; when it fails, the media's log (`recordMedia`) goes with the failure. */
export async function withMediaLog<T>(media: Locator, testInfo: TestInfo, wait: () => Promise<T>): Promise<T> {
  try {
    return await wait();
  } catch (e) {
    const log = await media.evaluate((m: HTMLMediaElement) => m.__events ?? [], undefined, { timeout: 1_000 }).catch(() => ['the element is gone']);
    await testInfo.attach('media events', { body: log.join('\n'), contentType: 'text/plain' });
    // The reporters shorten an attachment's text; the error's message is printed whole.
    if (e instanceof Error) e.message += `\n\nThe media's events:\n${log.join('\n')}`;
    throw e;
  }
}
